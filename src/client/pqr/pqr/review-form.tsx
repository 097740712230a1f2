// 'Recurso de reposición' against our answer, within the review window, with 'Apelación' en subsidio (the SIC hears
// it if we decide against the customer) and attachments. The answer replaces the thread on screen.
import { formatCalendarDay } from '../../../shared/dates.ts';
import type { PqrChanged } from '../../../shared/pqr/api-types.ts';
import { DESCRIPTION_MAX, type Review, reviewSchema } from '../../../shared/pqr/forms.ts';
import { FormError, FormShell, SubmitButton } from '../../components/form-shell.tsx';
import { TextAreaField } from '../../components/text-area-field.tsx';
import { useForm } from '../../components/use-form.ts';
import { fileReview } from '../api.ts';
import { AttachmentsField, attachmentsOf, withUploads, withValidatingIds } from '../attachments-field.tsx';

interface ReviewValues {
  text: string;
  appeal: boolean;
  attachments: File[];
}

export function ReviewForm(props: {
  radicado: string;
  clave: string;
  closesOn: string | null;
  reviewDays: number;
  /** The review is filed: the screen shows its message in place of the form, which the PQR no longer offers. */
  onChanged: (changed: PqrChanged) => void;
}) {
  const form = useForm<ReviewValues, Review, string>({
    initial: { text: '', appeal: false, attachments: [] },
    input: withValidatingIds,
    schema: reviewSchema,
    ids: (field) => `review-${field}`,
    async submit(data, values) {
      const changed = await fileReview(props.radicado, props.clave, await withUploads(data, values));
      props.onChanged(changed);
      return changed.message;
    },
  });
  const { values } = form;
  return (
    <section className="card" aria-labelledby="review-heading">
      <h2 id="review-heading">Pedir la revisión de la respuesta</h2>
      <p>
        Si no estás de acuerdo con la respuesta, pide que la revisemos
        {props.closesOn
          ? ` a más tardar el ${formatCalendarDay(props.closesOn)}`
          : ` dentro de los ${props.reviewDays} días hábiles siguientes a su notificación`}
        . Si decidimos en contra y pediste la apelación, enviamos tu caso a la Superintendencia de Industria y
        Comercio.
      </p>
      <FormShell form={form}>
        <TextAreaField
          {...form.field('text')}
          label="Recurso de reposición"
          rows={5}
          maxLength={DESCRIPTION_MAX}
          hint={`Por qué no estás de acuerdo con la respuesta y qué pides. ${values.text.length.toLocaleString('es-CO')} caracteres (mínimo 20).`}
        />
        <AttachmentsField {...attachmentsOf(form, 'review-attachments')} />
        <div className="field consent">
          <input
            id="review-appeal"
            type="checkbox"
            checked={values.appeal}
            onChange={(event) => form.set('appeal', event.target.checked)}
            aria-describedby="review-appeal-hint"
          />
          <label htmlFor="review-appeal">Apelación en subsidio ante la SIC</label>
          <p className="field__hint" id="review-appeal-hint">
            Si decidimos en contra de tu recurso, tu caso pasa a la Superintendencia de Industria y Comercio.
          </p>
        </div>
        <FormError message={form.formError} />
        <SubmitButton busy={form.busy} label="Presentar recurso de reposición" busyLabel="Enviando..." />
      </FormShell>
    </section>
  );
}
