// 'Adjuntos': up to a few files (PDF, JPG, PNG or WebP) chosen for a PQR or its answer, listed with a button to
// take each one out again. Choosing more adds to the list, so a phone's one-photo-at-a-time picker works too.

import { MAX_ATTACHMENTS } from '../../shared/pqr/forms.ts';
import { describedBy, FieldError } from '../components/field.tsx';
import './pqr.css';
import { INVOICE_ACCEPT } from '../packages/invoice-file.ts';
import { uploadAttachments } from './api.ts';

/**
 * Stand-ins for the ids the chosen files will have once uploaded, so the shared schema checks their number (and an
 * indemnización's proof) before anything is sent; the real ids replace them after the upload.
 */
export const validatingIds = (files: readonly File[]) =>
  files.map(() => '00000000-0000-4000-8000-000000000000');

/** A form's values with its chosen files as such stand-ins: what its schema reads. */
export const withValidatingIds = <V extends { attachments: File[] }>(values: V) => ({
  ...values,
  attachments: validatingIds(values.attachments),
});

/** The checked body with the chosen files uploaded: their real ids in place of the stand-ins. */
export const withUploads = async <T extends object>(data: T, values: { attachments: readonly File[] }) => ({
  ...data,
  attachments: await uploadAttachments(values.attachments),
});

/** What a useForm whose values hold `attachments` gives the field. */
interface FormWithFiles {
  values: { attachments: File[] };
  errors: Partial<Record<string, string>>;
  busy: boolean;
  set: (field: 'attachments', files: File[]) => void;
}

/** The field's props bound to a form's `attachments` (up to MAX_ATTACHMENTS). */
export const attachmentsOf = (form: FormWithFiles, id: string) => ({
  id,
  files: form.values.attachments,
  max: MAX_ATTACHMENTS,
  error: form.errors.attachments,
  disabled: form.busy,
  onFiles: (files: File[]) => form.set('attachments', files),
});

const kb = (bytes: number) => `${Math.max(1, Math.round(bytes / 1024)).toLocaleString('es-CO')} KB`;

export function AttachmentsField({
  id,
  files,
  max,
  hint = 'Opcional: PDF, JPG, PNG o WebP, hasta 10 MB cada uno.',
  error,
  disabled,
  onFiles,
}: {
  id: string;
  files: readonly File[];
  max: number;
  hint?: string;
  error?: string | undefined;
  disabled?: boolean;
  onFiles: (files: File[]) => void;
}) {
  const full = files.length >= max;
  return (
    <div className="field">
      <label htmlFor={id}>Adjuntos</label>
      <input
        // A new key empties the input after each choice: the list below holds the files, not the input.
        key={files.length}
        id={id}
        type="file"
        multiple
        accept={INVOICE_ACCEPT}
        disabled={disabled || full}
        onChange={(event) => onFiles([...files, ...Array.from(event.target.files ?? [])].slice(0, max))}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, { hint: true, error })}
      />
      <p className="field__hint" id={`${id}-hint`}>
        {hint} {full ? `Ya elegiste ${max}, el máximo.` : `Puedes adjuntar hasta ${max}.`}
      </p>
      {files.length > 0 && (
        <ul className="attachment-list" aria-label="Archivos elegidos">
          {files.map((file, index) => (
            <li key={`${file.name}-${file.size}-${file.lastModified}`}>
              <span>
                {file.name} <span className="field__hint">({kb(file.size)})</span>
              </span>
              <button
                type="button"
                className="link-button"
                disabled={disabled}
                onClick={() => onFiles(files.filter((_, other) => other !== index))}
              >
                Quitar <span className="visually-hidden">{file.name}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <FieldError id={id} error={error} />
    </div>
  );
}
