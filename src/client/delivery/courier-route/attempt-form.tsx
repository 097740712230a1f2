// 'No entregado' (design/delivery.md 'The courier's screen'): the reason ('Motivo'), a note for 'Otro', an optional
// photo. Confirmed like a delivery: its key is made now and the phone's queue sends it when there is signal.
import { useEffect, useState } from 'react';
import type { Attempt } from '../../../shared/delivery/door-forms.ts';
import { FormActions, FormError, FormShell } from '../../components/form-shell.tsx';
import { SelectField } from '../../components/select-field.tsx';
import { TextAreaField } from '../../components/text-area-field.tsx';
import { useForm } from '../../components/use-form.ts';
import { attemptSchema, FAILURE_REASON_CHOICES, useDoorRules } from './door-rules.ts';
import type { Refusal } from './offline/door-queue.ts';
import { PhotoField } from './photo-field.tsx';
import { usePosition } from './position.ts';

interface AttemptValues {
  reason: string;
  note: string;
  photo: string;
}

const FIELDS = ['reason', 'note', 'photo'];

export function AttemptForm(props: {
  number: number;
  before?: { body: Attempt; refusal: Refusal } | undefined;
  onConfirm: (body: Attempt) => void;
  onCancel: () => void;
}) {
  const { number } = props;
  const position = usePosition();
  const [photoBusy, setPhotoBusy] = useState(false);
  const prefix = `no-entregado-${number}-`;
  const before = props.before?.body;
  const form = useForm<AttemptValues, Attempt>({
    initial: { reason: before?.reason ?? '', note: before?.note ?? '', photo: before?.photo ?? '' },
    ids: (field) => `${prefix}${field}`,
    input: (values) => ({
      key: crypto.randomUUID(),
      at: new Date().toISOString(),
      position: position(),
      reason: values.reason,
      note: values.note,
      photo: values.photo || undefined,
    }),
    schema: attemptSchema,
    submit: async (data) => props.onConfirm(data),
  });
  const { values, field, setErrors } = form;
  useDoorRules();

  const refusal = props.before?.refusal;
  useEffect(() => {
    if (refusal?.field && FIELDS.includes(refusal.field)) setErrors({ [refusal.field]: refusal.message });
  }, [refusal, setErrors]);

  return (
    <FormShell form={form} aria-labelledby={`${prefix}heading`} className="form door-form">
      <h4 id={`${prefix}heading`} tabIndex={-1}>
        No entregado: paquete {number}
      </h4>
      <SelectField label="Motivo" options={FAILURE_REASON_CHOICES} {...field('reason')} />
      {values.reason === 'otro' && (
        <TextAreaField label="Nota" hint="Escribe qué pasó." rows={2} maxLength={500} {...field('note')} />
      )}
      <PhotoField
        label="Foto"
        hint="Opcional: la puerta, la fachada o lo que muestre por qué no se entregó."
        onBusy={setPhotoBusy}
        {...field('photo')}
      />
      <FormError message={refusal && !refusal.field ? refusal.message : form.formError} />
      <FormActions
        busy={form.busy || photoBusy}
        label="Confirmar no entregado"
        busyLabel={photoBusy ? 'Preparando la foto…' : 'Confirmando…'}
        onCancel={props.onCancel}
      />
    </FormShell>
  );
}
