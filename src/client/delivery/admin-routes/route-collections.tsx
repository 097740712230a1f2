// A route's collections ('Recaudos de la ruta'), each with its means and reference: before 'Cerrar ruta', for the
// cashier to check the transfers against the bank; once closed, locked by the close, each with its earlier
// corrections and 'Corregir' for an admin — the new 'Valor cobrado', 'Medio de pago', 'Referencia' and a required
// 'Nota' (audited on the server). A delivery synced after the close is marked 'Registrada después del cierre': it
// is not in the close's figures and is settled from 'Reparto'. Not printed: the sheet carries the close's figures.
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { type CollectionCorrection, collectionCorrectionSchema } from '../../../shared/collections/forms.ts';
import { formatLocalDateTime } from '../../../shared/dates.ts';
import {
  COLLECTED_MEANS_LABELS,
  LATE_LABEL,
  PAYMENT_MEANS,
  PAYMENT_MEANS_LABELS,
} from '../../../shared/delivery/door-choices.ts';
import { formatCop, pesosInput } from '../../../shared/money.ts';
import {
  type CollectionEntry,
  collectionKeys,
  correctCollection,
  type RouteCash,
} from '../../collections/api.ts';
import { DataTable } from '../../components/data-table.tsx';
import { Field } from '../../components/field.tsx';
import { FormActions, FormError, FormShell } from '../../components/form-shell.tsx';
import { RowAction } from '../../components/row-action.tsx';
import { SelectField } from '../../components/select-field.tsx';
import { TextAreaField } from '../../components/text-area-field.tsx';
import { useForm } from '../../components/use-form.ts';
import { useOutcome } from '../../packages/outcome.tsx';

const COLUMNS = [
  'Paquete',
  'Valor a pagar',
  'Valor cobrado',
  'Medio de pago',
  'Referencia',
  'Correcciones',
  'Acciones',
];
const MEANS_CHOICES = PAYMENT_MEANS.map((means) => ({ value: means, label: PAYMENT_MEANS_LABELS[means] }));

type Amounts = CollectionEntry['corrections'][number]['before'];
const amountsText = (amounts: Amounts) =>
  `${formatCop(amounts.amountCop)} ${COLLECTED_MEANS_LABELS[amounts.means]}${amounts.reference ? ` ${amounts.reference}` : ''}`;

export function RouteCollections({ cash }: { cash: RouteCash }) {
  const id = useId();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<CollectionEntry | null>(null);
  const { report, region } = useOutcome();
  if (cash.collections.length === 0) return null;

  function corrected(message: string) {
    setEditing(null);
    report({ ok: true, text: message });
    void queryClient.invalidateQueries({ queryKey: collectionKeys.routeCash(String(cash.routeId)) });
    void queryClient.invalidateQueries({ queryKey: collectionKeys.all });
  }

  return (
    <section className="route-collections no-print" aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`}>Recaudos de la ruta</h3>
      <p className="field__hint">
        {cash.locked
          ? 'La ruta está cerrada: sus recaudos solo cambian con una corrección de un administrador, con una nota.'
          : 'Antes de cerrar, compara cada referencia con el banco o la billetera.'}
      </p>
      {region}
      <DataTable
        caption={`Recaudos de la ruta ${cash.routeId}`}
        columns={COLUMNS}
        className="route-collections__table"
      >
        {cash.collections.map((entry) => (
          <tr key={entry.id}>
            <th scope="row">
              {entry.packageNumber}
              {entry.afterClose && <span className="route-stops__note">{LATE_LABEL}</span>}
            </th>
            <td className="money">{formatCop(entry.valueToPayCop)}</td>
            <td className="money">{formatCop(entry.amountCop)}</td>
            <td>{entry.meansLabel}</td>
            <td>{entry.reference || '—'}</td>
            <td>
              {entry.corrections.length === 0
                ? '—'
                : entry.corrections.map((fix) => (
                    <span key={fix.id} className="route-stops__note">
                      {formatLocalDateTime(fix.at)} · {fix.byName}: {amountsText(fix.before)} →{' '}
                      {amountsText(fix.after)}. {fix.note}
                    </span>
                  ))}
            </td>
            <td>
              <RowAction
                label="Corregir"
                name={`Corregir recaudo del paquete ${entry.packageNumber}`}
                disabled={!entry.locked}
                onClick={() => setEditing(entry)}
              />
            </td>
          </tr>
        ))}
      </DataTable>
      {editing && (
        <CorrectionForm
          key={editing.id}
          entry={editing}
          onDone={corrected}
          onCancel={() => setEditing(null)}
        />
      )}
    </section>
  );
}

type Values = { amountCop: string; means: string; reference: string; note: string };

function CorrectionForm(props: {
  entry: CollectionEntry;
  onDone: (message: string) => void;
  onCancel: () => void;
}) {
  const { entry } = props;
  const id = useId();
  const form = useForm<Values, CollectionCorrection>({
    initial: {
      amountCop: String(entry.amountCop),
      means: entry.means,
      reference: entry.reference,
      note: '',
    },
    input: (values) => ({ ...values, amountCop: pesosInput(values.amountCop) }),
    schema: collectionCorrectionSchema,
    ids: (field) => `${id}-${field}`,
    async submit(data) {
      const answer = await correctCollection(entry.id, data);
      props.onDone(answer.message);
    },
  });
  return (
    <FormShell form={form} className="form card" aria-labelledby={`${id}-heading`}>
      <h4 id={`${id}-heading`}>Corregir el recaudo del paquete {entry.packageNumber}</h4>
      <Field
        {...form.field('amountCop')}
        label="Valor cobrado"
        hint="En pesos, sin puntos ni decimales."
        inputMode="numeric"
        autoComplete="off"
        maxLength={10}
        required
      />
      <SelectField {...form.field('means')} label="Medio de pago" options={MEANS_CHOICES} required />
      <Field
        {...form.field('reference')}
        label="Referencia"
        hint="Obligatoria para todo medio que no sea efectivo."
        autoComplete="off"
        maxLength={60}
      />
      <TextAreaField
        {...form.field('note')}
        label="Nota"
        hint="Obligatoria: por qué se corrige. Queda en la auditoría."
        rows={2}
        maxLength={1000}
      />
      <FormActions
        busy={form.busy}
        label="Guardar corrección"
        busyLabel="Guardando..."
        onCancel={props.onCancel}
      />
      <FormError message={form.formError} />
    </FormShell>
  );
}
