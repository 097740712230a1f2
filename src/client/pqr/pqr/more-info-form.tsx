// 'Añadir información' (issue 37): while the PQR awaits our answer, its filer adds what they forgot — text, files or
// both — without filing another; its state and due day stay as they are. The answer replaces the thread on screen.
import type { PqrChanged } from '../../../shared/pqr/api-types.ts';
import { DESCRIPTION_MAX, type MoreInfo, moreInfoSchema } from '../../../shared/pqr/forms.ts';
import { FormError, FormShell, SubmitButton } from '../../components/form-shell.tsx';
import { TextAreaField } from '../../components/text-area-field.tsx';
import { useForm } from '../../components/use-form.ts';
import { addInformation } from '../api.ts';
import { AttachmentsField, attachmentsOf, withUploads, withValidatingIds } from '../attachments-field.tsx';

interface MoreInfoValues {
  text: string;
  attachments: File[];
}

const EMPTY: MoreInfoValues = { text: '', attachments: [] };

export function MoreInfoForm(props: {
  radicado: string;
  clave: string;
  onChanged: (changed: PqrChanged) => void;
}) {
  const form = useForm<MoreInfoValues, MoreInfo, string>({
    initial: EMPTY,
    input: withValidatingIds,
    schema: moreInfoSchema,
    ids: (field) => `more-${field}`,
    async submit(data, values) {
      const changed = await addInformation(props.radicado, props.clave, await withUploads(data, values));
      form.setValues(EMPTY);
      props.onChanged(changed);
      return changed.message;
    },
  });
  return (
    <section className="card" aria-labelledby="more-info-heading">
      <h2 id="more-info-heading">Añadir información</h2>
      <p>Si olvidaste algo, añádelo aquí: lo tendremos en cuenta en la respuesta, sin cambiar su plazo.</p>
      <FormShell form={form}>
        <TextAreaField
          {...form.field('text')}
          label="Información adicional"
          rows={4}
          maxLength={DESCRIPTION_MAX}
          hint="Lo que quieres añadir. También puedes adjuntar solo un archivo."
        />
        <AttachmentsField {...attachmentsOf(form, 'more-attachments')} />
        <FormError message={form.formError} />
        <SubmitButton busy={form.busy} label="Añadir información" busyLabel="Enviando..." />
      </FormShell>
    </section>
  );
}
