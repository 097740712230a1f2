// 'Datos de facturación': who the electronic invoice of each payment is made out to. Until the customer saves it,
// the registration's cédula, name and address are proposed.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { BillingDataView } from '../../../shared/einvoice/api-types.ts';
import {
  type BillingData,
  billingDataSchema,
  DOCUMENT_TYPES,
} from '../../../shared/einvoice/billing-data.ts';
import { messages } from '../../../shared/messages.ts';
import { Field } from '../../components/field.tsx';
import { FormError, FormShell, SubmitButton } from '../../components/form-shell.tsx';
import { Notice } from '../../components/notice.tsx';
import { choicesOf, SelectField } from '../../components/select-field.tsx';
import { useForm } from '../../components/use-form.ts';
import { einvoiceKeys, getBillingData, saveBillingData } from '../../einvoice/api.ts';

const documentChoices = choicesOf(DOCUMENT_TYPES);

/** The fields as typed: 'Tipo de documento' is the select's text until the schema reads it. */
type BillingFields = Omit<BillingData, 'documentType'> & { documentType: string };

const formOf = ({
  documentType,
  documentNumber,
  name,
  address,
  municipality,
}: BillingDataView): BillingFields => ({
  documentType,
  documentNumber,
  name,
  address,
  municipality,
});

function BillingDataFields({ data }: { data: BillingDataView }) {
  const queryClient = useQueryClient();
  const form = useForm({
    initial: () => formOf(data),
    schema: billingDataSchema,
    // 'Mis datos' also holds the profile's form, whose fields have the same names ('name', 'address').
    ids: (field) => `billing-${field}`,
    async submit(values) {
      const saved = await saveBillingData(values);
      queryClient.setQueryData(einvoiceKeys.billingData, saved.data);
      return saved.message;
    },
  });
  const { busy } = form;
  return (
    <FormShell form={form} markRequired>
      <fieldset disabled={busy}>
        <legend>Documento</legend>
        <SelectField
          label="Tipo de documento"
          required
          options={documentChoices}
          {...form.field('documentType')}
        />
        <Field
          label="Número de documento"
          required
          maxLength={30}
          hint="Un NIT va con su dígito de verificación después de un guion: 890903938-8."
          {...form.field('documentNumber')}
        />
        <Field label="Nombre o razón social" required maxLength={200} {...form.field('name')} />
      </fieldset>
      <fieldset disabled={busy}>
        <legend>Dirección de facturación</legend>
        <Field
          label="Dirección"
          required
          maxLength={200}
          autoComplete="street-address"
          {...form.field('address')}
        />
        <Field label="Municipio" required maxLength={100} {...form.field('municipality')} />
      </fieldset>
      <p>La factura electrónica llega a {data.email}.</p>
      <SubmitButton busy={busy} label="Guardar datos de facturación" busyLabel="Guardando..." />
      <FormError message={form.formError} />
      {form.result && <Notice tone="success">{form.result}</Notice>}
    </FormShell>
  );
}

export function BillingDataForm() {
  const held = useQuery({
    queryKey: einvoiceKeys.billingData,
    queryFn: ({ signal }) => getBillingData(signal),
  });
  return (
    <section className="card" aria-labelledby="billing-heading">
      <h2 id="billing-heading">Datos de facturación</h2>
      {held.isPending && <p role="status">{messages.loading}</p>}
      {held.isError && <Notice tone="error">{held.error.message || messages.serverError}</Notice>}
      {held.data && !held.data.saved && (
        <p>Revisa estos datos, tomados de tu registro, y guárdalos para tus facturas electrónicas.</p>
      )}
      {held.data && <BillingDataFields data={held.data} />}
    </section>
  );
}
