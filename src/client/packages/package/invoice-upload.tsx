// 'Adjuntar factura' (or 'Reemplazar factura' when there is one): choosing the file uploads it at once, after the
// same type and size check the server makes, so a 10 MB mistake is not sent for nothing.
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { messages } from '../../../shared/messages.ts';
import type { PrealertSaved } from '../../../shared/packages/api-types.ts';
import { describedBy, FieldError } from '../../components/field.tsx';
import { uploadInvoice } from '../api.ts';
import { INVOICE_ACCEPT, invoiceProblem } from '../invoice-file.ts';
import { isGone } from './refusal.ts';

export function InvoiceUpload(props: {
  number: number;
  hasInvoice: boolean;
  /** Inside another box (a hold's): the field alone, under that box's heading. */
  embedded?: boolean;
  onSaved: (saved: PrealertSaved) => void;
  onRefused: (message: string) => void;
}) {
  const [error, setError] = useState('');
  // A new key empties the input, so the same file can be chosen again after a failure.
  const [inputKey, setInputKey] = useState(0);
  const upload = useMutation({ mutationFn: (file: File) => uploadInvoice(props.number, file) });
  const id = 'invoice-upload';
  const label = props.hasInvoice ? 'Reemplazar factura' : 'Adjuntar factura';

  async function choose(file: File | undefined) {
    if (!file) return;
    setError('');
    const problem = invoiceProblem(file);
    if (problem) {
      setError(problem);
      setInputKey((key) => key + 1);
      return;
    }
    try {
      props.onSaved(await upload.mutateAsync(file));
    } catch (failure) {
      const text = failure instanceof Error ? failure.message : messages.serverError;
      if (isGone(failure)) props.onRefused(text);
      else setError(text);
    }
    setInputKey((key) => key + 1);
  }

  const field = (
    <>
      <div className="field">
        <label htmlFor={id}>{label}</label>
        <input
          key={inputKey}
          id={id}
          type="file"
          accept={INVOICE_ACCEPT}
          disabled={upload.isPending}
          onChange={(event) => void choose(event.target.files?.[0])}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, { hint: true, error })}
        />
        <p className="field__hint" id={`${id}-hint`}>
          {props.hasInvoice
            ? 'Ya tenemos tu factura. Elige otro archivo solo si quieres cambiarla.'
            : 'PDF, JPG, PNG o WebP, hasta 10 MB. Se sube al elegirla.'}
        </p>
        <FieldError id={id} error={error} />
      </div>
      {upload.isPending && <p role="status">Subiendo factura...</p>}
    </>
  );
  if (props.embedded) return field;
  return (
    <section className="card" aria-labelledby="invoice-heading">
      <h2 id="invoice-heading">Factura</h2>
      {field}
    </section>
  );
}
