// The staff's actions on one PQR, each a card with its form: 'Responder' (text and attachments; the server adds the
// right-to-review sentence, mails the customer and keeps the notification time), 'Nota interna' (never shown to
// the customer) and 'Cambiar estado' (the moves the PQR allows now). Each answer replaces the PQR on screen.
import type { ReactNode } from 'react';
import type { PqrStaffChanged, PqrStaffDetail } from '../../../shared/pqr/api-types.ts';
import {
  type Answer,
  answerSchema,
  type NoteForm,
  noteSchema,
  type StateChangeForm,
  stateChangeSchema,
} from '../../../shared/pqr/forms.ts';
import { PQR_STATE_LABELS } from '../../../shared/pqr/states.ts';
import { Field } from '../../components/field.tsx';
import { FormError, FormShell, SubmitButton } from '../../components/form-shell.tsx';
import { choicesOf, SelectField } from '../../components/select-field.tsx';
import { TextAreaField } from '../../components/text-area-field.tsx';
import { type FormOptions, useForm } from '../../components/use-form.ts';
import { addNote, answerPqr, changePqrState } from '../api.ts';
import { AttachmentsField, attachmentsOf, withUploads, withValidatingIds } from '../attachments-field.tsx';

export type OnChanged = (changed: PqrStaffChanged) => void;

/** What ActionCard needs of a useForm result. */
type AnyForm = Parameters<typeof FormShell>[0]['form'] & { formError: string };

/** One action: its card, heading, form, message and busy submit button. */
export function ActionCard(props: {
  id: string;
  title: string;
  form: AnyForm;
  label: string;
  busyLabel: string;
  children: ReactNode;
}) {
  return (
    <section className="card" aria-labelledby={`${props.id}-heading`}>
      <h2 id={`${props.id}-heading`}>{props.title}</h2>
      <FormShell form={props.form}>
        {props.children}
        <FormError message={props.form.formError} />
        <SubmitButton busy={props.form.busy} label={props.label} busyLabel={props.busyLabel} />
      </FormShell>
    </section>
  );
}

/**
 * A staff action's form: the shared schema, then `send`; its answer replaces the PQR on screen and the form starts
 * empty again. A `send` that answers null sent nothing (it asked to confirm first) and the form stays as typed.
 */
export function useStaffAction<V extends object, T>(
  onChanged: OnChanged,
  options: Omit<FormOptions<V, T, PqrStaffChanged | null>, 'initial' | 'submit'> & {
    initial: V;
    send: (data: T, values: V) => Promise<PqrStaffChanged | null>;
  },
) {
  const form = useForm<V, T, PqrStaffChanged | null>({
    ...options,
    async submit(data, values) {
      const changed = await options.send(data, values);
      if (!changed) return null;
      form.setValues(options.initial);
      onChanged(changed);
      return changed;
    },
  });
  return form;
}

/** 'Respuesta': where it goes and what the server adds to it. */
const answerText = (pqr: PqrStaffDetail) => ({
  label: 'Respuesta',
  rows: 8,
  maxLength: 10_000,
  hint: `Se envía por correo a ${pqr.customer.email || 'el cliente'} y queda en el historial. Al final agregamos la frase del recurso de reposición y la apelación (${pqr.deadlines.reviewDays} días hábiles).`,
});

const NOTE_TEXT = {
  label: 'Nota interna',
  rows: 3,
  maxLength: 5000,
  hint: 'Solo para el equipo: el cliente nunca la ve.',
};

export function AnswerCard({ pqr, onChanged }: { pqr: PqrStaffDetail; onChanged: OnChanged }) {
  const form = useStaffAction<{ text: string; attachments: File[] }, Answer>(onChanged, {
    initial: { text: '', attachments: [] },
    input: withValidatingIds,
    schema: answerSchema,
    ids: (field) => `answer-${field}`,
    send: async (data, values) => answerPqr(pqr.radicado, await withUploads(data, values)),
  });
  return (
    <ActionCard id="answer" title="Responder" form={form} label="Responder" busyLabel="Enviando...">
      <TextAreaField {...form.field('text')} {...answerText(pqr)} />
      <AttachmentsField {...attachmentsOf(form, 'answer-attachments')} />
    </ActionCard>
  );
}

export function NoteCard({ pqr, onChanged }: { pqr: PqrStaffDetail; onChanged: OnChanged }) {
  const form = useStaffAction<NoteForm, NoteForm>(onChanged, {
    initial: { text: '' },
    schema: noteSchema,
    ids: () => 'note-text',
    send: (data) => addNote(pqr.radicado, data),
  });
  return (
    <ActionCard id="note" title="Notas internas" form={form} label="Guardar nota" busyLabel="Guardando...">
      <TextAreaField {...form.field('text')} {...NOTE_TEXT} />
    </ActionCard>
  );
}

export function StateCard({ pqr, onChanged }: { pqr: PqrStaffDetail; onChanged: OnChanged }) {
  const form = useStaffAction<{ to: string; note: string }, StateChangeForm>(onChanged, {
    initial: { to: '', note: '' },
    input: (values) => ({ ...values, to: values.to || undefined }),
    schema: stateChangeSchema,
    ids: (field) => `state-${field}`,
    send: (data) => changePqrState(pqr.radicado, data),
  });
  return (
    <ActionCard id="state" title="Cambiar estado" form={form} label="Cambiar estado" busyLabel="Cambiando...">
      <SelectField
        id="state-to"
        label="Nuevo estado"
        required
        value={form.values.to}
        onValue={(to) => form.set('to', to)}
        options={choicesOf(pqr.moves.map((state) => [state, PQR_STATE_LABELS[state]] as const))}
        empty="Elige el estado"
        error={form.errors.to}
      />
      <Field {...form.field('note')} label="Nota" hint="Opcional: por qué cambia." maxLength={1000} />
    </ActionCard>
  );
}
