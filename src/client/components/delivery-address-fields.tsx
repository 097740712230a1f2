// The two delivery addresses of SPEC.md §2 (address 1 required, address 2 optional), as registration and
// 'Mis datos' both ask for them.
import { Field } from './field.tsx';

export interface DeliveryAddresses {
  direccion1: string;
  ciudad1: string;
  codigoPostal1: string;
  direccion2: string;
  ciudad2: string;
  codigoPostal2: string;
}

export function DeliveryAddressFields(props: {
  value: DeliveryAddresses;
  onChange: (field: keyof DeliveryAddresses, value: string) => void;
  disabled?: boolean;
}) {
  const field = (name: keyof DeliveryAddresses) => ({
    id: name,
    value: props.value[name],
    onValue: (value: string) => props.onChange(name, value),
  });
  return (
    <fieldset disabled={props.disabled}>
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
        maxLength={20}
        {...field('codigoPostal1')}
      />
      <Field
        label="Dirección 2"
        hint="Opcional: otra dirección de entrega."
        maxLength={200}
        {...field('direccion2')}
      />
      <Field label="Ciudad 2" maxLength={100} {...field('ciudad2')} />
      <Field label="Código postal 2" maxLength={20} {...field('codigoPostal2')} />
    </fieldset>
  );
}
