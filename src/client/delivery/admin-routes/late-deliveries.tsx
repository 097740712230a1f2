// 'Registradas después del cierre' on /admin/reparto: deliveries made on a courier's phone before 'Cerrar ruta' and
// synced after it. Their money is still the courier's and out of the close; an admin settles each with 'Liquidar':
// the cash counted for it and, when it differs, 'Observación' (audited). Each links to the package's staff view,
// where its proof of delivery is.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { type CashClose, cashCloseSchema } from '../../../shared/collections/forms.ts';
import { formatLocalDateTime } from '../../../shared/dates.ts';
import { LATE_LABEL } from '../../../shared/delivery/door-choices.ts';
import { formatCop } from '../../../shared/money.ts';
import { paths } from '../../../shared/paths.ts';
import { QueryStates } from '../../app/query-states.tsx';
import { Link } from '../../app/router.tsx';
import {
  type CollectionEntry,
  collectionKeys,
  getLateDeliveries,
  settleLateDelivery,
} from '../../collections/api.ts';
import { type CashCloseValues, cashCloseInput, observationCheck } from '../../collections/cash-close.ts';
import { Field } from '../../components/field.tsx';
import { FormActions, FormError, FormShell } from '../../components/form-shell.tsx';
import { RowAction } from '../../components/row-action.tsx';
import { TextAreaField } from '../../components/text-area-field.tsx';
import { useForm } from '../../components/use-form.ts';
import { useOutcome } from '../../packages/outcome.tsx';
import { routeKeys } from '../routes-api.ts';

export function LateDeliveries() {
  const id = useId();
  const queryClient = useQueryClient();
  const [settling, setSettling] = useState<CollectionEntry | null>(null);
  const { report, region } = useOutcome();
  const late = useQuery({
    queryKey: collectionKeys.late,
    queryFn: ({ signal }) => getLateDeliveries(signal),
  });

  function settled(message: string) {
    setSettling(null);
    report({ ok: true, text: message });
    void queryClient.invalidateQueries({ queryKey: collectionKeys.all });
    void queryClient.invalidateQueries({ queryKey: routeKeys.all });
  }

  return (
    <section className="card flagged" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>Registradas después del cierre</h2>
      {region}
      <QueryStates query={late}>
        {(data) =>
          data.deliveries.length === 0 ? (
            <p>Ninguna entrega llegó después del cierre de su ruta: no hay nada por liquidar.</p>
          ) : (
            <>
              <p>
                El mensajero las hizo antes de «Cerrar ruta», pero llegaron después: su dinero sigue con él y
                no está en el cierre. Cuenta lo que entrega por cada una y liquídala.
              </p>
              <ul className="flagged__list">
                {data.deliveries.map((entry) => (
                  <li key={entry.id}>
                    <strong>
                      <Link to={paths.adminPackage(entry.packageNumber)}>Paquete {entry.packageNumber}</Link>{' '}
                      ({LATE_LABEL})
                    </strong>
                    <span>
                      Ruta {entry.routeId}, {entry.courierName}, entregado el{' '}
                      {formatLocalDateTime(entry.collectedAt)}
                    </span>
                    <span>
                      {formatCop(entry.amountCop)} en {entry.meansLabel}
                      {entry.reference ? `, referencia ${entry.reference}` : ''}
                    </span>
                    <RowAction
                      label="Liquidar"
                      name={`Liquidar la entrega del paquete ${entry.packageNumber}`}
                      disabled={false}
                      onClick={() => setSettling(entry)}
                    />
                  </li>
                ))}
              </ul>
              {settling && (
                <SettleForm
                  key={settling.id}
                  entry={settling}
                  onDone={settled}
                  onCancel={() => setSettling(null)}
                />
              )}
            </>
          )
        }
      </QueryStates>
    </section>
  );
}

function SettleForm(props: {
  entry: CollectionEntry;
  onDone: (message: string) => void;
  onCancel: () => void;
}) {
  const { entry } = props;
  const id = useId();
  const form = useForm<CashCloseValues, CashClose>({
    initial: { cashDeliveredCop: String(entry.amountCop), note: '' },
    input: cashCloseInput,
    schema: cashCloseSchema,
    ids: (field) => `${id}-${field}`,
    check: (data) => observationCheck(data, data.cashDeliveredCop !== entry.amountCop),
    async submit(data) {
      props.onDone((await settleLateDelivery(entry.id, data)).message);
    },
  });
  return (
    <FormShell form={form} className="form card" aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`}>Liquidar la entrega del paquete {entry.packageNumber}</h3>
      <Field
        {...form.field('cashDeliveredCop')}
        label="Efectivo entregado"
        hint={`Lo que el mensajero entrega por esta entrega, en pesos sin puntos. Cobró ${formatCop(entry.amountCop)}.`}
        inputMode="numeric"
        autoComplete="off"
        maxLength={13}
        required
      />
      <TextAreaField
        {...form.field('note')}
        label="Observación"
        hint="Obligatoria si lo entregado no es lo cobrado."
        rows={2}
        maxLength={1000}
      />
      <FormActions busy={form.busy} label="Liquidar" busyLabel="Liquidando..." onCancel={props.onCancel} />
      <FormError message={form.formError} />
    </FormShell>
  );
}
