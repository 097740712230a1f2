// 'Impuestos de la factura electrónica' on 'Tarifas': the dated tax of each kind of invoice line (the one in force
// marked 'Vigente') and a new one from a day on, for what the accountant confirmed.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { isoDayInColombia } from '../../../shared/dates.ts';
import { TAX_KINDS, taxMessages } from '../../../shared/einvoice/taxes.ts';
import { Field } from '../../components/field.tsx';
import { FormError, FormShell, SubmitButton } from '../../components/form-shell.tsx';
import { Notice } from '../../components/notice.tsx';
import { choicesOf, SelectField } from '../../components/select-field.tsx';
import { useForm } from '../../components/use-form.ts';
import { getInvoiceTaxes, invoiceTaxKeys, saveInvoiceTax } from '../../einvoice/api.ts';

const TREATMENTS = choicesOf([
  ['gravado', 'Gravado con IVA'],
  ['excluido', 'Excluido de IVA'],
]);

const taxFormSchema = z.object({
  kind: z.string().min(1, taxMessages.kind),
  effectiveFrom: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, taxMessages.date),
  treatment: z.enum(['gravado', 'excluido']),
  vatPercent: z
    .string()
    .trim()
    .regex(/^\d{1,3}([.,]\d{1,2})?$/, taxMessages.percent),
});

function InvoiceTaxForm() {
  const queryClient = useQueryClient();
  const form = useForm({
    initial: () => ({
      kind: 'seguro',
      effectiveFrom: isoDayInColombia(new Date()),
      treatment: 'gravado',
      vatPercent: '19',
    }),
    schema: taxFormSchema,
    ids: (key) => `impuesto-${key}`,
    async submit({ kind, effectiveFrom, treatment, vatPercent }) {
      const saved = await saveInvoiceTax({
        kind,
        effectiveFrom,
        vatPercent,
        excluded: treatment === 'excluido',
      });
      void queryClient.invalidateQueries({ queryKey: invoiceTaxKeys.list });
      return saved.message;
    },
  });
  return (
    <FormShell form={form}>
      <SelectField label="Concepto" required options={choicesOf(TAX_KINDS)} {...form.field('kind')} />
      <SelectField label="Tratamiento" required options={TREATMENTS} {...form.field('treatment')} />
      <Field label="IVA del concepto (%)" inputMode="decimal" required {...form.field('vatPercent')} />
      <Field
        label="Rige desde"
        type="date"
        required
        hint="Hoy o una fecha futura, hora de Colombia."
        {...form.field('effectiveFrom')}
      />
      <SubmitButton busy={form.busy} label="Guardar impuesto" busyLabel="Guardando..." />
      <FormError message={form.formError} />
      {form.result && <Notice tone="success">{form.result}</Notice>}
    </FormShell>
  );
}

export function InvoiceTaxes() {
  const taxes = useQuery({ queryKey: invoiceTaxKeys.list, queryFn: ({ signal }) => getInvoiceTaxes(signal) });
  if (!taxes.data) return null;
  return (
    <section className="card" aria-labelledby="invoice-taxes-heading">
      <h2 id="invoice-taxes-heading">Impuestos de la factura electrónica</h2>
      <p>
        El IVA de cada concepto de la factura, desde una fecha. Los tributos aduaneros pagados por cuenta del
        cliente no se facturan. Cada cambio lo confirma el contador.
      </p>
      {/* A list, not a table: 'Tarifas' keeps one table, the history of the rates. */}
      <ul aria-label="Impuestos por concepto">
        {taxes.data.rows.map((row) => (
          <li key={row.id}>
            {row.label}: {row.excluded ? 'excluido de IVA' : `IVA ${row.vatBasisPoints / 100} %`}, desde el{' '}
            {isoDayInColombia(new Date(row.effectiveFrom))}
            {row.current ? ' (vigente)' : ''}
          </li>
        ))}
      </ul>
      <InvoiceTaxForm />
    </section>
  );
}
