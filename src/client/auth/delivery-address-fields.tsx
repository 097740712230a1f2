// The two delivery addresses of design/product.md §2 (address 1 required, address 2 optional), as registration and
// 'Mis datos' both ask for them.
import type { DeliveryAddresses } from '../../shared/accounts/api-types.ts';
import { Field, type FieldBinding } from '../components/field.tsx';

export type { DeliveryAddresses };

export function DeliveryAddressFields({
  field,
  disabled,
}: {
  /** Binds each address field to the form (useForm's `field`). */
  field: (name: keyof DeliveryAddresses) => FieldBinding;
  disabled?: boolean;
}) {
  // Postal codes in our countries are digits: the phone opens its number pad (typing letters stays possible).
  const postalCode = { inputMode: 'numeric', maxLength: 20 } as const;
  return (
    <fieldset disabled={disabled}>
      <legend>¿Dónde enviamos tus paquetes?</legend>
      <Field
        label="Dirección 1"
        autoComplete="address-line1"
        required
        maxLength={200}
        {...field('direccion1')}
      />
      <Field label="Ciudad 1" autoComplete="address-level2" required maxLength={100} {...field('ciudad1')} />
      <Field
        label="Código postal 1"
        autoComplete="postal-code"
        required
        {...postalCode}
        {...field('codigoPostal1')}
      />
      <Field
        label="Dirección 2"
        hint="Opcional: otra dirección de entrega."
        maxLength={200}
        {...field('direccion2')}
      />
      <Field label="Ciudad 2" maxLength={100} {...field('ciudad2')} />
      <Field label="Código postal 2" {...postalCode} {...field('codigoPostal2')} />
    </fieldset>
  );
}
