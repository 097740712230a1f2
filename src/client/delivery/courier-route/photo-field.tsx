// A photo taken at the door: the phone's rear camera (capture="environment"), shrunk in the browser like the
// warehouse's photos, kept as a data URL so the queued action is one JSON value (design/delivery.md 'Foto de entrega').
import { useState } from 'react';
import { describedBy, type FieldBinding, FieldError } from '../../components/field.tsx';
import { shrinkPhoto } from '../../components/shrink-photo.ts';

function dataUrlOf(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(blob);
  });
}

export function PhotoField({
  id,
  label,
  hint,
  value,
  onValue,
  error,
  onBusy,
}: FieldBinding & { label: string; hint: string; onBusy: (busy: boolean) => void }) {
  const [preparing, setPreparing] = useState(false);

  async function pick(file: File | undefined) {
    if (!file) return;
    setPreparing(true);
    onBusy(true);
    try {
      onValue(await dataUrlOf((await shrinkPhoto(file)).blob));
    } finally {
      setPreparing(false);
      onBusy(false);
    }
  }

  return (
    <div className="field photo-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="file"
        accept="image/*"
        capture="environment"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, { hint: true, error })}
        onChange={(event) => void pick(event.target.files?.[0])}
      />
      <p className="field__hint" id={`${id}-hint`}>
        {preparing ? 'Preparando la foto…' : hint}
      </p>
      {value && (
        <div className="photo-field__preview">
          <img src={value} alt={`${label}: vista previa`} width={96} height={96} />
          <button
            type="button"
            className="button button--secondary button--small"
            onClick={() => onValue('')}
          >
            Quitar foto
          </button>
        </div>
      )}
      <FieldError id={id} error={error} />
    </div>
  );
}
