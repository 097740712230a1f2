// 'Número de guía': focused on arrival, Enter looks it up (a keyboard-wedge scanner types the code and Enter), and
// 'Escanear con la cámara' reads it with the phone's camera instead.
import { type RefObject, useState } from 'react';
import { describedBy, FieldError } from '../../components/field.tsx';
import { CameraScanner } from './camera-scanner.tsx';
import { LookupResult, type LookupState } from './lookup-result.tsx';
import { receiptFieldId } from './receipt-form.ts';

export function GuideField(props: {
  value: string;
  error: string | undefined;
  lookup: LookupState;
  inputRef: RefObject<HTMLInputElement | null>;
  onChange: (value: string) => void;
  /** `quiet`: leaving the field looks up a complete guide, and says nothing about a half-typed one. */
  onLookup: (guide: string, quiet?: boolean) => void;
}) {
  const [camera, setCamera] = useState(false);
  const id = receiptFieldId('guide');

  function closeCamera() {
    setCamera(false);
    props.inputRef.current?.focus();
  }

  return (
    <div className="field guide-field">
      <label htmlFor={id}>Número de guía</label>
      <div className="guide-field__row">
        <input
          ref={props.inputRef}
          id={id}
          value={props.value}
          // The screen is for receiving: the cursor waits here for the scanner's first character.
          // biome-ignore lint/a11y/noAutofocus: the one field of this work screen, as design/packages.md asks.
          autoFocus
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck="false"
          enterKeyHint="search"
          maxLength={200}
          onChange={(event) => props.onChange(event.target.value)}
          onKeyDown={(event) => {
            // Enter looks the guide up instead of submitting the receipt half filled.
            if (event.key === 'Enter') {
              event.preventDefault();
              props.onLookup(event.currentTarget.value);
            }
          }}
          onBlur={(event) => {
            props.onLookup(event.currentTarget.value, true);
          }}
          aria-invalid={props.error ? true : undefined}
          aria-describedby={describedBy(id, { hint: true, error: props.error })}
        />
        {!camera && (
          <button type="button" className="button button--secondary" onClick={() => setCamera(true)}>
            Escanear con la cámara
          </button>
        )}
      </div>
      <p className="field__hint" id={`${id}-hint`}>
        Escanéala con el lector o escríbela y pulsa Enter.
      </p>
      <FieldError id={id} error={props.error} />
      {camera && (
        <CameraScanner
          onClose={closeCamera}
          onGuide={(guide) => {
            setCamera(false);
            props.onChange(guide);
            props.onLookup(guide);
          }}
        />
      )}
      <LookupResult state={props.lookup} />
    </div>
  );
}
