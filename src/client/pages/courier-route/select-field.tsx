// A labelled choice among the shared schema's options ('Relación', 'Medio de pago', 'Novedad', 'Motivo'): a native
// <select>, large on a phone and read by screen readers as it is, with its message beside it.
import { describedBy, type FieldBinding, FieldError } from '../../components/field.tsx';

export function SelectField<K extends string>({
  id,
  label,
  value,
  onValue,
  error,
  options,
  placeholder,
}: FieldBinding & { label: string; options: Record<K, string>; placeholder?: string }) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        value={value}
        onChange={(event) => onValue(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, { error })}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {(Object.entries(options) as Array<[K, string]>).map(([option, text]) => (
          <option key={option} value={option}>
            {text}
          </option>
        ))}
      </select>
      <FieldError id={id} error={error} />
    </div>
  );
}
