// 'Corregir mis datos': name, phone and delivery addresses, with the registration's rules and labels.

import { registrationSchema } from '../../../shared/registration.ts';
import { correctMyData } from '../../auth/api.ts';
import { DeliveryAddressFields } from '../../auth/delivery-address-fields.tsx';
import { FullNameField } from '../../components/account-fields.tsx';
import { FormError, FormShell, SubmitButton } from '../../components/form-shell.tsx';
import { Notice } from '../../components/notice.tsx';
import { PhoneInput } from '../../components/phone-input.tsx';
import { useForm } from '../../components/use-form.ts';
import { correctionOf, type PersonalData } from '../api.ts';

// The same field rules as registration, so the browser says what the server would.
const correctionSchema = registrationSchema.pick({
  name: true,
  telefono: true,
  direccion1: true,
  ciudad1: true,
  codigoPostal1: true,
  direccion2: true,
  ciudad2: true,
  codigoPostal2: true,
});

export function CorrectionForm({
  data,
  onSaved,
}: {
  data: PersonalData;
  onSaved: (data: PersonalData) => void;
}) {
  const form = useForm({
    initial: () => correctionOf(data),
    schema: correctionSchema,
    async submit(correction) {
      const saved = await correctMyData(correction);
      form.setValues(correctionOf(saved.data));
      onSaved(saved.data);
      return saved.message;
    },
  });
  const { busy } = form;

  return (
    <section className="card" aria-labelledby="correct-heading">
      <h2 id="correct-heading">Corregir mis datos</h2>
      <FormShell form={form} markRequired>
        <fieldset disabled={busy}>
          <legend>Datos personales</legend>
          <FullNameField {...form.field('name')} />
          <PhoneInput disabled={busy} {...form.field('telefono')} />
        </fieldset>
        <DeliveryAddressFields field={form.field} disabled={busy} />
        <SubmitButton busy={busy} label="Guardar cambios" busyLabel="Guardando..." />
        <FormError message={form.formError} />
        {form.result && <Notice tone="success">{form.result}</Notice>}
      </FormShell>
    </section>
  );
}
