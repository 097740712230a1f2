// 'Sin identificar': parcels kept for review (no locker on the label, or one that did not match the pre-alert),
// each with its photo, guide, notes and the locker typed, and 'Asignar' to give it to a 'Casillero'.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { formatWarehouseDate } from '../../../shared/dates.ts';
import { messages } from '../../../shared/messages.ts';
import { describedBy, FieldError } from '../../components/field.tsx';
import { Notice } from '../../components/notice.tsx';
import { assignLocker, type WarehousePackage, warehouseKeys, warehouseQueries } from '../api.ts';
import { PackageThumb } from './package-thumb.tsx';
import { WarehouseList } from './warehouse-list.tsx';

export function UnidentifiedList() {
  const queryClient = useQueryClient();
  const list = useQuery(warehouseQueries.unidentified);
  const [assigning, setAssigning] = useState<number | null>(null);
  const [notice, setNotice] = useState('');

  function assigned(message: string) {
    setAssigning(null);
    setNotice(message);
    void queryClient.invalidateQueries({ queryKey: warehouseKeys.all });
  }

  return (
    <WarehouseList
      id="unidentified"
      title="Sin identificar"
      list={list}
      empty="No hay paquetes sin identificar."
      notice={notice && <Notice tone="success">{notice}</Notice>}
      row={(pkg) => (
        <li key={pkg.number} className="warehouse-row warehouse-row--stacked">
          <PackageThumb number={pkg.number} url={pkg.thumbnailUrl} />
          <div className="warehouse-row__body">
            <p className="warehouse-row__title">
              {pkg.guide} · Paquete {pkg.number}
            </p>
            <p className="warehouse-row__meta">
              {pkg.lockerNumber ? `Casillero escrito: ${pkg.lockerNumber}` : 'Sin casillero en la etiqueta'}
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
      )}
    />
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
