// The server-made captcha (design/architecture.md decision 2) of /register and a visitor's PQR: its image, a button for
// a new one and the 'Captcha' input.
import { useCallback, useEffect, useState } from 'react';
import type { Captcha } from '../../shared/accounts/api-types.ts';
import { describedBy, FieldError, FieldLabel } from '../components/field.tsx';
import { getCaptcha } from './api.ts';

export type CaptchaState = Captcha;

/** A captcha fetched on arrival, and a new one on refresh(); none while `wanted` is false (a signed-in form). */
export function useCaptcha(wanted = true) {
  const [captcha, setCaptcha] = useState<CaptchaState | null>(null);
  const [failed, setFailed] = useState(false);
  const refresh = useCallback(() => {
    setFailed(false);
    getCaptcha()
      .then(setCaptcha)
      .catch(() => setFailed(true));
  }, []);
  useEffect(() => {
    if (wanted) refresh();
  }, [wanted, refresh]);
  return { captcha, failed, refresh };
}

export function CaptchaField(props: {
  captcha: CaptchaState | null;
  failed: boolean;
  onRefresh: () => void;
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean;
  error?: string | undefined;
}) {
  return (
    <div className="field captcha">
      <FieldLabel id="captcha" label="Captcha" required />
      <div className="captcha__image">
        {props.captcha ? (
          <img
            src={`data:image/svg+xml,${encodeURIComponent(props.captcha.svg)}`}
            alt="Código de verificación: escribe los 5 caracteres que ves"
            width={160}
            height={56}
          />
        ) : (
          <span className="captcha__placeholder">
            {props.failed ? 'No se pudo cargar el código.' : 'Cargando código...'}
          </span>
        )}
        <button
          type="button"
          className="button button--secondary button--small"
          onClick={props.onRefresh}
          disabled={props.disabled}
        >
          Nuevo código
        </button>
      </div>
      <input
        id="captcha"
        value={props.value}
        onChange={(event) => props.onChange(event.target.value.toUpperCase())}
        required
        aria-required="true"
        maxLength={20}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck="false"
        disabled={props.disabled}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={describedBy('captcha', { hint: true, error: props.error })}
      />
      <p className="field__hint" id="captcha-hint">
        Escribe las 5 letras o números de la imagen. ¿No se leen bien? Pide un nuevo código.
      </p>
      <FieldError id="captcha" error={props.error} />
    </div>
  );
}
