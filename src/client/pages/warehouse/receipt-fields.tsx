// The parcel's facts as staff read them off it: 'Casillero' (from its label), 'Peso (lb)', the three measures,
// 'Estado del paquete' and 'Notas', each labelled, with its error beside it.
import type { Condition } from '../../../shared/warehouse/receipt.ts';
import { describedBy, Field, FieldError } from '../../components/field.tsx';
import { type ReceiptErrors, type ReceiptValues, receiptFieldId } from './receipt-form.ts';

type TextField = Exclude<keyof ReceiptValues, 'condition'>;

/** CONDITIONS of src/shared/warehouse/receipt.ts, here so the radios paint before the schema (with zod) arrives. */
const CONDITIONS: Record<Condition, string> = { bueno: 'Bueno', danado: 'Dañado', abierto: 'Abierto' };

export function ReceiptFields(props: {
  values: ReceiptValues;
  errors: ReceiptErrors;
  /** The pre-alert's locker, when the guide has one: a different number is warned about. */
  expectedLocker: string | null;
  onChange: <K extends keyof ReceiptValues>(field: K, value: ReceiptValues[K]) => void;
}) {
  const { values, errors, expectedLocker } = props;
  const field = (name: TextField) => ({
    id: receiptFieldId(name),
    value: values[name],
    error: errors[name],
    onValue: (value: string) => props.onChange(name, value),
  });
  const locker = values.lockerNumber.trim();
  const lockerHint =
    expectedLocker && locker && locker !== expectedLocker
      ? `No coincide con el casillero de la prealerta (${expectedLocker}): el paquete quedará «Sin identificar» para revisarlo.`
      : 'El número de casillero escrito en la etiqueta del paquete. Vacío: «Sin identificar».';
  const notesId = receiptFieldId('notes');
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
        <Field
          label="Largo (in)"
          inputMode="decimal"
          autoComplete="off"
          maxLength={20}
          {...field('lengthIn')}
        />
        <Field
          label="Ancho (in)"
          inputMode="decimal"
          autoComplete="off"
          maxLength={20}
          {...field('widthIn')}
        />
        <Field
          label="Alto (in)"
          inputMode="decimal"
          autoComplete="off"
          maxLength={20}
          {...field('heightIn')}
        />
      </fieldset>
      <fieldset
        className="condition"
        aria-invalid={errors.condition ? true : undefined}
        aria-describedby={describedBy(conditionId, { error: errors.condition })}
      >
        <legend>Estado del paquete</legend>
        {(Object.entries(CONDITIONS) as Array<[Condition, string]>).map(([value, label], index) => (
          <label key={value} className="condition__option">
            <input
              type="radio"
              name="condition"
              value={value}
              // The first option carries the group's id, so an error can send the focus there.
              id={index === 0 ? conditionId : undefined}
              checked={values.condition === value}
              onChange={() => props.onChange('condition', value)}
            />
            {label}
          </label>
        ))}
        <FieldError id={conditionId} error={errors.condition} />
      </fieldset>
      <div className="field">
        <label htmlFor={notesId}>Notas</label>
        <textarea
          id={notesId}
          rows={3}
          maxLength={1000}
          value={values.notes}
          onChange={(event) => props.onChange('notes', event.target.value)}
          aria-invalid={errors.notes ? true : undefined}
          aria-describedby={describedBy(notesId, { hint: true, error: errors.notes })}
        />
        <p className="field__hint" id={`${notesId}-hint`}>
          Opcional: caja rota, falta la etiqueta, nombre escrito a mano…
        </p>
        <FieldError id={notesId} error={errors.notes} />
      </div>
    </>
  );
}
