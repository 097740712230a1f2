// The registration's boxes: the privacy-policy consent (design/product.md §2) beside its data-processing authorisation
// and its link to the policy, and (BoxField) any other box with its label, hint and error beside it.

import type { ReactNode } from 'react';
import { paths } from '../../../shared/paths.ts';
import { Link } from '../../app/router.tsx';
import { describedBy, FieldError, FieldLabel } from '../../components/field.tsx';

export function BoxField(props: {
  id: string;
  label: string;
  required?: boolean;
  hint: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  error?: string | undefined;
}) {
  const { id, required } = props;
  return (
    <div className="consent">
      <input
        id={id}
        type="checkbox"
        checked={props.checked}
        onChange={(event) => props.onChange(event.target.checked)}
        required={required}
        aria-required={required ? 'true' : undefined}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={describedBy(id, { hint: true, error: props.error })}
      />
      <FieldLabel id={id} label={props.label} required={required} />
      <p className="field__hint" id={`${id}-hint`}>
        {props.hint}
      </p>
      <FieldError id={id} error={props.error} />
    </div>
  );
}

export function ConsentField(props: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  error?: string | undefined;
}) {
  return (
    <BoxField
      id="aceptoPolitica"
      label="Acepto la política de privacidad"
      required
      {...props}
      hint={
        <>
          Autorizo el tratamiento de mis datos personales para crear y operar mi casillero, según la{' '}
          <Link to={paths.privacyPolicy} target="_blank" rel="noopener">
            política de tratamiento de datos
          </Link>{' '}
          (Ley 1581 de 2012).
        </>
      }
    />
  );
}
