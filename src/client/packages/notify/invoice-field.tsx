// 'Factura': the optional invoice chosen with the pre-alert (PDF, JPG, PNG or WebP up to 10 MB), sent once it is saved.
import { describedBy, FieldError } from '../../components/field.tsx';
import { INVOICE_ACCEPT } from '../invoice-file.ts';
import { fieldId } from '../prealert-form.ts';

export function InvoiceField({
  error,
  onFile,
}: {
  error?: string | undefined;
  onFile: (file: File | null) => void;
}) {
  const id = fieldId('invoice');
  return (
    <div className="field">
      <label htmlFor={id}>Factura</label>
      <input
        id={id}
        type="file"
        accept={INVOICE_ACCEPT}
        onChange={(event) => onFile(event.target.files?.[0] ?? null)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, { hint: true, error })}
      />
      <p className="field__hint" id={`${id}-hint`}>
        Opcional: la factura o el recibo de compra (PDF, JPG, PNG o WebP, hasta 10 MB). Agiliza la revisión en
        aduana.
      </p>
      <FieldError id={id} error={error} />
    </div>
  );
}
