// 'Fotos': the phone's camera or files (up to 6), each with its preview, its upload progress and 'Quitar'. The
// focus stays here: on the file input after a choice, on the next photo's 'Quitar' (or the input) after one.
import { useLayoutEffect, useRef } from 'react';
import { describedBy, FieldError } from '../../components/field.tsx';
import { PHOTO_LIMIT as MAX_PHOTOS } from './receipt-rules.ts';
import type { PhotoItem } from './use-photo-uploads.ts';

const STATUS: Record<PhotoItem['status'], string> = {
  preparing: 'Preparando...',
  uploading: 'Subiendo...',
  done: 'Lista',
  failed: 'No se subió',
};

export function PhotoPicker(props: {
  id: string;
  items: PhotoItem[];
  error: string | undefined;
  onAdd: (files: File[]) => void;
  onRemove: (key: number) => void;
}) {
  const { id, items, error } = props;
  const input = useRef<HTMLInputElement>(null);
  // Where the focus goes once the list has redrawn: a photo's 'Quitar', or the input (null).
  const pendingFocus = useRef<number | null | undefined>(undefined);
  const full = items.length >= MAX_PHOTOS;
  const uploading = items.filter((item) => item.status === 'preparing' || item.status === 'uploading');
  const removeId = (key: number) => `${id}-quitar-${key}`;

  // A layout effect: the focus moves in the same task as the redraw, so it is never left on the page's body between.
  useLayoutEffect(() => {
    const target = pendingFocus.current;
    if (target === undefined) return;
    pendingFocus.current = undefined;
    // A full list disables the input: its last 'Quitar' keeps the focus instead.
    const last = items.at(-1);
    if (target === null && full && last) document.getElementById(removeId(last.key))?.focus();
    else if (target === null) input.current?.focus();
    else document.getElementById(removeId(target))?.focus();
  });

  function remove(key: number) {
    const index = items.findIndex((item) => item.key === key);
    const neighbour = items[index + 1] ?? items[index - 1];
    pendingFocus.current = neighbour ? neighbour.key : null;
    props.onRemove(key);
  }

  return (
    <div className="field photo-field">
      <label htmlFor={id}>Fotos</label>
      <input
        ref={input}
        id={id}
        type="file"
        accept="image/*"
        // On a phone this opens the rear camera; on a desktop it is an ordinary file chooser.
        capture="environment"
        multiple
        disabled={full}
        onChange={(event) => {
          props.onAdd(Array.from(event.target.files ?? []));
          // Emptied in place (not redrawn, which would drop the focus), so the same photo can be chosen again.
          event.target.value = '';
          pendingFocus.current = null;
        }}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, { hint: true, error })}
      />
      <p className="field__hint" id={`${id}-hint`}>
        {full
          ? `Ya tienes ${MAX_PHOTOS} fotos, el máximo por paquete.`
          : `Hasta ${MAX_PHOTOS} fotos del paquete y su etiqueta. Se reducen y se suben al elegirlas.`}
      </p>
      <FieldError id={id} error={error} />
      {uploading.length > 0 && (
        <p className="field__hint" role="status">
          Subiendo {uploading.length === 1 ? '1 foto' : `${uploading.length} fotos`}...
        </p>
      )}
      {items.length > 0 && (
        <ul className="photo-picker" aria-label="Fotos elegidas">
          {items.map((item, index) => (
            <li key={item.key} className={`photo-picker__item photo-picker__item--${item.status}`}>
              {item.preview ? (
                <img src={item.preview} alt={`Foto ${index + 1}: ${item.name}`} width={96} height={96} />
              ) : (
                <span className="photo-picker__placeholder">Foto {index + 1}</span>
              )}
              <span className="photo-picker__status">
                {item.status === 'failed' ? (item.error ?? STATUS.failed) : STATUS[item.status]}
              </span>
              {item.status === 'uploading' && (
                <progress max={1} value={item.progress} aria-label={`Subida de la foto ${index + 1}`} />
              )}
              <button
                id={removeId(item.key)}
                type="button"
                className="button button--secondary button--small"
                onClick={() => remove(item.key)}
                aria-label={`Quitar foto ${index + 1}`}
              >
                Quitar
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
