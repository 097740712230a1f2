// The pre-alert's fields (design/packages.md 'Pre-alert'), each labelled, with its error beside it, and the carrier
// recognised under the guide as the person types. /notify and the edit form of a package's page both use them.
import { describedBy, Field, type FieldBinding, FieldError } from '../components/field.tsx';
import { SelectField } from '../components/select-field.tsx';
import { TextAreaField } from '../components/text-area-field.tsx';
import { carrierHint, type PrealertValues } from './prealert-form.ts';

export function PrealertFields(props: {
  /** The pre-alert's form (usePrealertForm): each field's binding. */
  form: { field: (name: keyof PrealertValues) => FieldBinding };
  addresses: string[];
}) {
  const { field } = props.form;
  const guide = field('guide');
  const carrier = carrierHint(guide.value);
  const guideId = guide.id;

  return (
    <>
      <div className="field">
        <label htmlFor={guideId}>Número de guía</label>
        <input
          id={guideId}
          value={guide.value}
          onChange={(event) => guide.onValue(event.target.value)}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck="false"
          maxLength={200}
          required
          aria-invalid={guide.error ? true : undefined}
          aria-describedby={describedBy(guideId, { hint: true, error: guide.error })}
        />
        {/* Always on the page, so screen readers hear the carrier when it appears. */}
        <p
          className={carrier && !carrier.known ? 'field__hint field__hint--warning' : 'field__hint'}
          id={`${guideId}-hint`}
          aria-live="polite"
        >
          {carrier?.text ?? 'El número de seguimiento que te dio la tienda (UPS, USPS, FedEx, DHL, Amazon…).'}
        </p>
        <FieldError id={guideId} error={guide.error} />
      </div>
      <Field label="Tienda" hint="Opcional: Amazon, eBay, Nike…" maxLength={100} {...field('store')} />
      <Field label="Contenido" hint="Qué trae el paquete." required maxLength={200} {...field('content')} />
      <Field
        label="Valor declarado (USD)"
        hint="En dólares, con coma o punto para los centavos, por ejemplo 49,99."
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
      {props.addresses.length === 1 ? (
        // One address: nothing to choose, so it is said as text.
        <div className="field">
          <label htmlFor={field('address').id}>Dirección de entrega</label>
          <output id={field('address').id} className="field__value">
            {props.addresses[0]}
          </output>
        </div>
      ) : (
        <SelectField
          label="Dirección de entrega"
          options={props.addresses.map((option) => ({ value: option, label: option }))}
          {...field('address')}
        />
      )}
      <TextAreaField
        label="Instrucciones adicionales"
        hint="Opcional: número de pedido, horario de entrega…"
        rows={4}
        maxLength={1000}
        {...field('instructions')}
      />
    </>
  );
}
