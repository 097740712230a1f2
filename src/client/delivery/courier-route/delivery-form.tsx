// 'Entregar' (design/delivery.md 'The courier's screen'): who received it, their ID and relation, the photo, what was
// collected and how, the parcel's condition. 'Confirmar entrega' checks with the shared schema, gives the action its
// key and hands it to the phone's queue: the stop shows delivered at once, signal or not.
import { useEffect, useState } from 'react';
import { doorMessages } from '../../../shared/delivery/door-choices.ts';
import type { Delivery } from '../../../shared/delivery/door-forms.ts';
import { formatCop, parsePesos, pesosInput } from '../../../shared/money.ts';
import { COURIER_PAID_LABEL } from '../../../shared/payments/labels.ts';
import { Field } from '../../components/field.tsx';
import { FormActions, FormError, FormShell } from '../../components/form-shell.tsx';
import { SelectField } from '../../components/select-field.tsx';
import { TextAreaField } from '../../components/text-area-field.tsx';
import { useForm } from '../../components/use-form.ts';
import {
  deliverySchema,
  NOVELTY_CHOICES,
  PAYMENT_MEANS_CHOICES,
  RELATION_CHOICES,
  useDoorRules,
} from './door-rules.ts';
import type { Refusal } from './offline/door-queue.ts';
import { PhotoField } from './photo-field.tsx';
import { usePosition } from './position.ts';

interface DeliveryValues {
  receivedBy: string;
  document: string;
  relation: string;
  photo: string;
  collected: string;
  means: string;
  reference: string;
  note: string;
  novelty: string;
  noveltyPhoto: string;
}

/** The request's field names where the form's differ. */
const FORM_FIELD: Record<string, keyof DeliveryValues> = { collectedCop: 'collected' };

const FIELDS = Object.keys(initialValues(0));

function initialValues(valueToPay: number, before?: Delivery): DeliveryValues {
  return {
    receivedBy: before?.receivedBy ?? '',
    document: before?.document ?? '',
    relation: before?.relation ?? '',
    photo: before?.photo ?? '',
    collected: String(before?.collectedCop ?? valueToPay),
    // Nearly every door with money to collect pays cash (issue 37 item 4): the answer is there, changed if not.
    means: before?.means ?? (valueToPay > 0 ? 'efectivo' : ''),
    reference: before?.reference ?? '',
    note: before?.note ?? '',
    novelty: before?.novelty ?? 'sin_novedad',
    noveltyPhoto: before?.noveltyPhoto ?? '',
  };
}

export function DeliveryForm(props: {
  number: number;
  valueToPay: number;
  /** The refused delivery being corrected, with the server's reason. */
  before?: { body: Delivery; refusal: Refusal } | undefined;
  onConfirm: (body: Delivery) => void;
  onCancel: () => void;
}) {
  const { number, valueToPay } = props;
  const position = usePosition();
  const [photoBusy, setPhotoBusy] = useState(false);
  const prefix = `entregar-${number}-`;
  // 'Medio de pago' and 'Referencia' are asked only when something is to be paid or was collected: with a zero
  // 'Valor a pagar' the server records no collection (its outcome's means is null).
  const paying = (values: DeliveryValues) => {
    return valueToPay > 0 || (parsePesos(values.collected) ?? 0) > 0;
  };
  // 'Referencia' only for the means that have one: cash has none.
  const referenced = (values: DeliveryValues) => paying(values) && values.means !== 'efectivo';
  const form = useForm<DeliveryValues, Delivery>({
    initial: () => initialValues(valueToPay, props.before?.body),
    ids: (field) => `${prefix}${field}`,
    input: (values) => ({
      key: crypto.randomUUID(),
      at: new Date().toISOString(),
      position: position(),
      receivedBy: values.receivedBy,
      document: values.document,
      relation: values.relation,
      photo: values.photo || undefined,
      collectedCop: pesosInput(values.collected),
      means: paying(values) ? values.means : undefined,
      reference: referenced(values) ? values.reference : '',
      note: values.note,
      novelty: values.novelty,
      noveltyPhoto: values.noveltyPhoto || undefined,
    }),
    schema: deliverySchema,
    check: (data) => {
      if (data.collectedCop !== valueToPay && !data.note)
        return { field: 'note', message: doorMessages.differenceNote };
      if (valueToPay > 0 && !data.means) return { field: 'means', message: doorMessages.means };
      return null;
    },
    submit: async (data) => props.onConfirm(data),
  });
  const { values, field, setErrors } = form;
  useDoorRules();

  // A refusal being corrected stands beside the field it names, or above the button.
  const refusal = props.before?.refusal;
  useEffect(() => {
    if (!refusal?.field) return;
    const name = FORM_FIELD[refusal.field] ?? refusal.field;
    if (FIELDS.includes(name)) setErrors({ [name]: refusal.message });
  }, [refusal, setErrors]);

  const differs = parsePesos(values.collected) !== valueToPay;
  return (
    <FormShell form={form} markRequired aria-labelledby={`${prefix}heading`} className="form door-form">
      <h4 id={`${prefix}heading`} tabIndex={-1}>
        Entregar paquete {number}
      </h4>
      <Field label="Recibido por" required autoComplete="off" maxLength={100} {...field('receivedBy')} />
      <Field
        label="Documento"
        required
        inputMode="numeric"
        autoComplete="off"
        hint="Número de documento de quien recibe, sin puntos."
        {...field('document')}
      />
      <SelectField label="Relación" required options={RELATION_CHOICES} {...field('relation')} />
      <PhotoField
        label="Foto de entrega"
        hint="Opcional: el paquete en manos de quien recibe o en el lugar donde quedó."
        onBusy={setPhotoBusy}
        {...field('photo')}
      />
      {/* What to collect stands out, not as a field's hint; a stop with nothing to collect asks for no amount. */}
      {valueToPay > 0 ? (
        <>
          <p className="door-form__due">
            Por cobrar: <strong>{formatCop(valueToPay)}</strong>
          </p>
          <Field
            label="Valor cobrado"
            required
            inputMode="numeric"
            hint="En pesos, sin puntos."
            {...field('collected')}
          />
        </>
      ) : (
        <p className="door-form__due">{COURIER_PAID_LABEL}</p>
      )}
      {paying(values) && (
        <SelectField label="Medio de pago" options={PAYMENT_MEANS_CHOICES} {...field('means')} />
      )}
      {referenced(values) && (
        <Field
          label="Referencia"
          required
          autoComplete="off"
          maxLength={60}
          hint="El número de la transacción o del comprobante."
          {...field('reference')}
        />
      )}
      {differs && (
        <TextAreaField
          label="Nota"
          hint="El valor cobrado es distinto del valor a pagar: explica por qué."
          rows={2}
          maxLength={500}
          {...field('note')}
        />
      )}
      <SelectField label="Novedad" options={NOVELTY_CHOICES} {...field('novelty')} />
      {values.novelty === 'averiado' && (
        <PhotoField
          label="Foto del paquete averiado"
          hint="Obligatoria cuando el paquete llega averiado."
          onBusy={setPhotoBusy}
          {...field('noveltyPhoto')}
        />
      )}
      <FormError message={refusal && !refusal.field ? refusal.message : form.formError} />
      <FormActions
        busy={form.busy || photoBusy}
        label="Confirmar entrega"
        busyLabel={photoBusy ? 'Preparando la foto…' : 'Confirmando…'}
        onCancel={props.onCancel}
      />
    </FormShell>
  );
}
