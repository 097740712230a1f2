// The privacy-policy consent box (SPEC.md §2) beside its data-processing authorisation and its link to the policy.

import { paths } from '../../../shared/paths.ts';
import { describedBy, FieldError, FieldLabel } from '../../components/field.tsx';
import { Link } from '../../router.tsx';

const ID = 'aceptoPolitica';

export function ConsentField(props: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  error?: string | undefined;
}) {
  return (
    <div className="consent">
      <input
        id={ID}
        type="checkbox"
        checked={props.checked}
        onChange={(event) => props.onChange(event.target.checked)}
        required
        aria-required="true"
        aria-invalid={props.error ? true : undefined}
        aria-describedby={describedBy(ID, { hint: true, error: props.error })}
      />
      <FieldLabel id={ID} label="Acepto la política de privacidad" required />
      <p className="field__hint" id={`${ID}-hint`}>
        Autorizo el tratamiento de mis datos personales para crear y operar mi casillero, según la{' '}
        <Link to={paths.privacyPolicy} target="_blank" rel="noopener">
          política de tratamiento de datos
        </Link>{' '}
        (Ley 1581 de 2012).
      </p>
      <FieldError id={ID} error={props.error} />
    </div>
  );
}
