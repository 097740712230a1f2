// 'Recurso de reposición' against our answer, within the review window, with 'Apelación' en subsidio (the SIC hears
// it if we decide against the customer) and attachments. The answer replaces the thread on screen.
import { useState } from 'react';
import { formatCalendarDay } from '../../../shared/dates.ts';
import type { PqrThread } from '../../../shared/pqr/api-types.ts';
import { DESCRIPTION_MAX, type Review, reviewSchema } from '../../../shared/pqr/forms.ts';
import { fileReview, uploadAttachments } from '../../api/pqr.ts';
import { AttachmentsField, attachmentsOf, withValidatingIds } from '../../components/attachments-field.tsx';
import { FormError, FormShell, SubmitButton } from '../../components/form-shell.tsx';
import { Notice } from '../../components/notice.tsx';
import { TextAreaField } from '../../components/text-area-field.tsx';
import { useForm } from '../../components/use-form.ts';

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
  onChanged: (pqr: PqrThread) => void;
}) {
  const [done, setDone] = useState('');
  const form = useForm<ReviewValues, Review, string>({
    initial: { text: '', appeal: false, attachments: [] },
    input: withValidatingIds,
    schema: reviewSchema,
    ids: (field) => `review-${field}`,
    async submit(data, values) {
      const body = { ...data, attachments: await uploadAttachments(values.attachments) };
      const changed = await fileReview(props.radicado, props.clave, body);
      setDone(changed.message);
      props.onChanged(changed.pqr);
      return changed.message;
    },
  });
  if (done)
    return (
      <Notice tone="success">
        <p>{done}</p>
      </Notice>
    );
  const { values } = form;
  return (
    <section className="card" aria-labelledby="review-heading">
      <h2 id="review-heading">Recurso de reposición</h2>
      <p>
        Si no estás de acuerdo con la respuesta, pide que la revisemos
        {props.closesOn
          ? ` a más tardar el ${formatCalendarDay(props.closesOn)}`
          : ` dentro de los ${props.reviewDays} días hábiles siguientes a su notificación`}
        . Si decidimos en contra y pediste la apelación, enviamos tu caso a la Superintendencia de Industria y
        Comercio.
      </p>
      <FormShell form={form} aria-labelledby="review-heading">
        <TextAreaField
          {...form.field('text')}
          label="Motivos del recurso de reposición"
          rows={5}
          maxLength={DESCRIPTION_MAX}
          hint={`Por qué no estás de acuerdo y qué pides. ${values.text.length.toLocaleString('es-CO')} caracteres (mínimo 20).`}
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
