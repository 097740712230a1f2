// A question answered by one of a few radio buttons (a PQR's 'Respuesta por', a 'Decisión' and its 'Pago'): the
// legend is the question, a hint and an error describe the group, and an error sends the focus to its first option.
import { describedBy, HintAndError } from './field.tsx';

export function RadioChoices(props: {
  name: string;
  legend: string;
  value: string;
  choices: ReadonlyArray<readonly [value: string, label: string]>;
  hint?: string;
  error?: string | undefined;
  onValue: (value: string) => void;
}) {
  return (
    <fieldset
      className="field"
      aria-invalid={props.error ? true : undefined}
      aria-describedby={describedBy(props.name, { hint: props.hint, error: props.error })}
    >
      <legend>{props.legend}</legend>
      {props.choices.map(([value, label]) => (
        <div key={value} className="consent">
          <input
            id={`${props.name}-${value}`}
            type="radio"
            name={props.name}
            checked={props.value === value}
            onChange={() => props.onValue(value)}
          />
          <label htmlFor={`${props.name}-${value}`}>{label}</label>
        </div>
      ))}
      <HintAndError id={props.name} hint={props.hint} error={props.error} />
    </fieldset>
  );
}
