// 'Sin identificar': parcels kept for review (no locker on the label, or one that did not match the pre-alert),
// each with its photo, guide, notes and the locker typed, and 'Asignar' to give it to a 'Casillero'.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { messages } from '../../../shared/messages.ts';
import { assignLocker, listUnidentified, type WarehousePackage, warehouseKeys } from '../../api/warehouse.ts';
import { describedBy, FieldError } from '../../components/field.tsx';
import { Notice } from '../../components/notice.tsx';
import { formatWarehouseDate } from '../../components/warehouse-format.ts';
import { PackageThumb } from './package-thumb.tsx';

export function UnidentifiedList() {
  const queryClient = useQueryClient();
  const list = useQuery({
    queryKey: warehouseKeys.unidentified,
    queryFn: ({ signal }) => listUnidentified(signal),
  });
  const [assigning, setAssigning] = useState<number | null>(null);
  const [notice, setNotice] = useState('');
  const rows = list.data?.packages ?? [];

  function assigned(message: string) {
    setAssigning(null);
    setNotice(message);
    void queryClient.invalidateQueries({ queryKey: warehouseKeys.all });
  }

  return (
    <section className="card warehouse-list" aria-labelledby="unidentified-heading">
      <h2 id="unidentified-heading">
        Sin identificar{list.data && <span className="warehouse-list__count"> ({rows.length})</span>}
      </h2>
      {notice && <Notice tone="success">{notice}</Notice>}
      {list.isPending && <p role="status">{messages.loading}</p>}
      {list.isError && <Notice tone="error">{list.error.message || messages.serverError}</Notice>}
      {list.data && rows.length === 0 && <p>No hay paquetes sin identificar.</p>}
      {rows.length > 0 && (
        <ul className="warehouse-rows" aria-busy={list.isFetching}>
          {rows.map((pkg) => (
            <li key={pkg.number} className="warehouse-row warehouse-row--stacked">
              <PackageThumb number={pkg.number} url={pkg.thumbnailUrl} />
              <div className="warehouse-row__body">
                <p className="warehouse-row__title">
                  {pkg.guide} · Paquete {pkg.number}
                </p>
                <p className="warehouse-row__meta">
                  {pkg.lockerNumber
                    ? `Casillero escrito: ${pkg.lockerNumber}`
                    : 'Sin casillero en la etiqueta'}
                  {pkg.receivedAt && ` · ${formatWarehouseDate(pkg.receivedAt)}`}
                </p>
                {pkg.warehouseNotes && <p className="warehouse-row__notes">Notas: {pkg.warehouseNotes}</p>}
              </div>
              {assigning === pkg.number ? (
                <AssignForm pkg={pkg} onAssigned={assigned} onCancel={() => setAssigning(null)} />
              ) : (
                <button
                  type="button"
                  className="button button--small"
                  onClick={() => {
                    setNotice('');
                    setAssigning(pkg.number);
                  }}
                >
                  Asignar
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function AssignForm(props: {
  pkg: WarehousePackage;
  onAssigned: (message: string) => void;
  onCancel: () => void;
}) {
  const [locker, setLocker] = useState(props.pkg.lockerNumber ?? '');
  const [error, setError] = useState('');
  const input = useRef<HTMLInputElement>(null);
  const assign = useMutation({
    mutationFn: (lockerNumber: string) => assignLocker(props.pkg.number, lockerNumber),
  });
  const id = `assign-${props.pkg.number}`;

  useEffect(() => input.current?.focus(), []);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (assign.isPending) return;
    setError('');
    try {
      // The server checks the number (assignSchema) and answers in Spanish.
      props.onAssigned((await assign.mutateAsync(locker.trim())).message);
    } catch (failure) {
      setError(failure instanceof Error && failure.message ? failure.message : messages.serverError);
      input.current?.focus();
    }
  }

  return (
    <form className="assign-form" onSubmit={submit} noValidate>
      <div className="field">
        <label htmlFor={id}>Casillero</label>
        <input
          ref={input}
          id={id}
          value={locker}
          inputMode="numeric"
          autoComplete="off"
          maxLength={9}
          onChange={(event) => setLocker(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, { error })}
        />
        <FieldError id={id} error={error} />
      </div>
      <div className="assign-form__actions">
        <button type="submit" className="button button--small" disabled={assign.isPending}>
          {assign.isPending ? 'Asignando...' : 'Confirmar'}
        </button>
        <button
          type="button"
          className="button button--secondary button--small"
          disabled={assign.isPending}
          onClick={props.onCancel}
        >
          Cancelar
        </button>
      </div>
    </form>
  );
}
