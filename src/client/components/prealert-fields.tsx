// The pre-alert's fields (PACKAGES.md 'Pre-alert'), each labelled, with its error beside it, and the carrier
// recognised under the guide as the person types. /notify and the edit form of a package's page both use them.
import { describedBy, Field, FieldError } from './field.tsx';
import { carrierHint, type FieldErrors, fieldId, type PrealertValues } from './prealert-form.ts';

export function PrealertFields(props: {
  values: PrealertValues;
  onChange: (field: keyof PrealertValues, value: string) => void;
  errors: FieldErrors;
  addresses: string[];
}) {
  const { values, errors } = props;
  const field = (name: keyof PrealertValues) => ({
    id: fieldId(name),
    value: values[name],
    error: errors[name],
    onValue: (value: string) => props.onChange(name, value),
  });
  const carrier = carrierHint(values.guide);
  const guideId = fieldId('guide');
  const addressId = fieldId('address');
  const instructionsId = fieldId('instructions');

  return (
    <>
      <div className="field">
        <label htmlFor={guideId}>Número de guía</label>
        <input
          id={guideId}
          value={values.guide}
          onChange={(event) => props.onChange('guide', event.target.value)}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={200}
          required
          aria-invalid={errors.guide ? true : undefined}
          aria-describedby={describedBy(guideId, { hint: true, error: errors.guide })}
        />
        {/* Always on the page, so screen readers hear the carrier when it appears. */}
        <p
          className={carrier && !carrier.known ? 'field__hint field__hint--warning' : 'field__hint'}
          id={`${guideId}-hint`}
          aria-live="polite"
        >
          {carrier?.text ?? 'El número de seguimiento que te dio la tienda (UPS, USPS, FedEx, DHL, Amazon…).'}
        </p>
        <FieldError id={guideId} error={errors.guide} />
      </div>
      <Field label="Tienda" hint="Opcional: Amazon, eBay, Nike…" maxLength={100} {...field('store')} />
      <Field label="Contenido" hint="Qué trae el paquete." required maxLength={200} {...field('content')} />
      <Field
        label="Valor declarado (USD)"
        hint="En dólares, por ejemplo 49.99."
        inputMode="decimal"
        autoComplete="off"
        required
        maxLength={20}
        {...field('declaredValue')}
      />
      <Field
        label="Cantidad"
        type="number"
        inputMode="numeric"
        min={1}
        max={999}
        step={1}
        required
        {...field('quantity')}
      />
      <div className="field">
        <label htmlFor={addressId}>Dirección de entrega</label>
        <select
          id={addressId}
          value={values.address}
          onChange={(event) => props.onChange('address', event.target.value)}
          aria-invalid={errors.address ? true : undefined}
          aria-describedby={describedBy(addressId, { error: errors.address })}
        >
          {props.addresses.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
        <FieldError id={addressId} error={errors.address} />
      </div>
      <div className="field">
        <label htmlFor={instructionsId}>Instrucciones adicionales</label>
        <textarea
          id={instructionsId}
          rows={4}
          maxLength={1000}
          value={values.instructions}
          onChange={(event) => props.onChange('instructions', event.target.value)}
          aria-invalid={errors.instructions ? true : undefined}
          aria-describedby={describedBy(instructionsId, { hint: true, error: errors.instructions })}
        />
        <p className="field__hint" id={`${instructionsId}-hint`}>
          Opcional: número de pedido, horario de entrega…
        </p>
        <FieldError id={instructionsId} error={errors.instructions} />
      </div>
    </>
  );
}
