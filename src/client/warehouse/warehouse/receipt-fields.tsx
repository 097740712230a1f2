// The parcel's facts as staff read them off it: 'Casillero' (from its label), 'Peso (lb)', the three measures,
// 'Estado del paquete' and 'Notas', each labelled, with its error beside it.
import type { Condition } from '../../../shared/warehouse/receipt.ts';
import { describedBy, Field, type FieldBinding, FieldError } from '../../components/field.tsx';
import { TextAreaField } from '../../components/text-area-field.tsx';
import type { FormErrors } from '../../components/use-form.ts';
import { type ReceiptValues, receiptFieldId } from './receipt-form.ts';

type TextField = Exclude<keyof ReceiptValues, 'condition'>;

const MEASURES = [
  ['lengthIn', 'Largo (in)'],
  ['widthIn', 'Ancho (in)'],
  ['heightIn', 'Alto (in)'],
] as const;

/** CONDITIONS of src/shared/warehouse/receipt.ts, here so the radios paint before the schema (with zod) arrives. */
const CONDITIONS: ReadonlyArray<readonly [Condition, string]> = [
  ['bueno', 'Bueno'],
  ['danado', 'Dañado'],
  ['abierto', 'Abierto'],
];

export function ReceiptFields(props: {
  /** The receiving form (useForm): values, messages and each text field's binding. */
  form: {
    values: ReceiptValues;
    errors: FormErrors;
    field: (name: TextField) => FieldBinding;
    set: (name: 'condition', value: Condition) => void;
  };
  /** The pre-alert's locker, when the guide has one: a different number is warned about. */
  expectedLocker: string | null;
}) {
  const { values, errors, field } = props.form;
  const { expectedLocker } = props;
  const locker = values.lockerNumber.trim();
  const lockerHint =
    expectedLocker && locker && locker !== expectedLocker
      ? `No coincide con el casillero de la prealerta (${expectedLocker}): el paquete quedará «Sin identificar» para revisarlo.`
      : 'El número de casillero escrito en la etiqueta del paquete. Vacío: «Sin identificar».';
  const conditionId = receiptFieldId('condition');

  return (
    <>
      <Field
        label="Casillero"
        hint={lockerHint}
        inputMode="numeric"
        autoComplete="off"
        maxLength={9}
        {...field('lockerNumber')}
      />
      <Field
        label="Peso (lb)"
        hint="En libras, por ejemplo 4.5."
        inputMode="decimal"
        autoComplete="off"
        required
        maxLength={20}
        {...field('weightLb')}
      />
      <fieldset className="measures">
        <legend>Medidas (opcional)</legend>
        {MEASURES.map(([name, label]) => (
          <Field
            key={name}
            label={label}
            inputMode="decimal"
            autoComplete="off"
            maxLength={20}
            {...field(name)}
          />
        ))}
      </fieldset>
      <fieldset
        className="condition"
        aria-invalid={errors.condition ? true : undefined}
        aria-describedby={describedBy(conditionId, { error: errors.condition })}
      >
        <legend>Estado del paquete</legend>
        {CONDITIONS.map(([value, label], index) => (
          <label key={value} className="condition__option">
            <input
              type="radio"
              name="condition"
              value={value}
              // The first option carries the group's id, so an error can send the focus there.
              id={index === 0 ? conditionId : undefined}
              checked={values.condition === value}
              onChange={() => props.form.set('condition', value)}
            />
            {label}
          </label>
        ))}
        <FieldError id={conditionId} error={errors.condition} />
      </fieldset>
      <Field
        label="Ubicación"
        hint="Opcional: el estante, por ejemplo A-03-2."
        autoComplete="off"
        {...field('location')}
      />
      <TextAreaField
        label="Notas"
        hint="Opcional: caja rota, falta la etiqueta, nombre escrito a mano…"
        rows={3}
        maxLength={1000}
        {...field('notes')}
      />
    </>
  );
}
