// /locker's notice until the e-mail is verified (design/architecture.md decision 9): 'Reenviar correo de verificación'.
import { useState } from 'react';
import { messages } from '../../../shared/messages.ts';
import { resendVerification } from '../../auth/api.ts';

export function VerifyReminder() {
  const [state, setState] = useState<'idle' | 'busy' | 'sent' | 'failed'>('idle');
  async function resend() {
    setState('busy');
    try {
      await resendVerification();
      setState('sent');
    } catch {
      setState('failed');
    }
  }
  return (
    <div className="notice notice--info verify-reminder">
      <p>
        Tu correo aún no está verificado. Revisa tu bandeja de entrada (y la carpeta de Spam) y abre el enlace
        que te enviamos.
      </p>
      <button
        type="button"
        className="button button--small"
        onClick={resend}
        disabled={state === 'busy' || state === 'sent'}
      >
        {state === 'busy' ? 'Enviando...' : 'Reenviar correo de verificación'}
      </button>
      {state === 'sent' && <p role="status">{messages.verifySent}</p>}
      {state === 'failed' && (
        <p role="alert">No pudimos enviar el correo. Inténtalo de nuevo en unos minutos.</p>
      )}
    </div>
  );
}
