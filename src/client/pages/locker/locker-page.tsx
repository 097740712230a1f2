// SPEC.md §2 Locker screen: the customer's locker number, US address (whole and per checkout field), referral
// invitation and 'Tus referidos', the way to notify a package, and the customer's packages ('Mis paquetes').
import { useState } from 'react';
import { checkoutFields, formatSendToAddress, parseOfficeAddress } from '../../../shared/address.ts';
import { buildInvitationLink, invitationMessage } from '../../../shared/links.ts';
import { messages } from '../../../shared/messages.ts';
import { type Me, signOut, useMe } from '../../api/me.ts';
import { api } from '../../api/request.ts';
import { appConfig } from '../../app-config.ts';
import { copyText } from '../../components/clipboard.ts';
import { MissingRecord } from '../../components/missing-record.tsx';
import { Notice, type NoticeTone } from '../../components/notice.tsx';
import { Page } from '../../components/page.tsx';
import { SignedInNav } from '../../components/signed-in-nav.tsx';
import { paths } from '../../paths.ts';
import { useNavigate } from '../../router.tsx';
import { Referrals } from './referrals.tsx';

export default function LockerPage() {
  const state = useMe();
  return (
    <Page title="Mi casillero" nav={<SignedInNav />}>
      {state.status === 'loading' && <p role="status">{messages.loadingLocker}</p>}
      {state.status === 'missing' && <MissingRecord />}
      {state.status === 'error' && <Notice tone="error">{state.message}</Notice>}
      {state.status === 'ready' && <Locker me={state.me} />}
    </Page>
  );
}

function Locker({ me }: { me: Me }) {
  const navigate = useNavigate();
  const [notice, setNotice] = useState<{ tone: NoticeTone; text: string } | null>(null);
  const sendTo = formatSendToAddress(
    appConfig.brandName,
    me.registeredName || me.name,
    me.lockerNumber,
    appConfig.officeAddress,
  );
  const office = parseOfficeAddress(appConfig.officeAddress);
  const invitationLink = buildInvitationLink(appConfig.appUrl, me.refCode);
  const invitation = invitationMessage(appConfig.brandName, invitationLink);

  async function copy(text: string, done: string) {
    const copied = await copyText(text);
    setNotice(
      copied
        ? { tone: 'success', text: done }
        : { tone: 'error', text: 'No se pudo copiar. Selecciona el texto y cópialo a mano.' },
    );
  }

  /** SPEC.md §2: the invitation is copied and confirmed; where the phone has a share sheet, it opens too. */
  async function share() {
    await copy(
      invitation,
      'Invitación copiada. Pégala en WhatsApp, en un correo o donde quieras compartirla.',
    );
    if (typeof navigator.share !== 'function') return;
    try {
      await navigator.share({ title: appConfig.brandName, text: invitation });
    } catch {
      // Closing the share sheet is a choice, not an error: the invitation is on the clipboard already.
    }
  }

  return (
    <>
      <h1>¡Hola, {me.name}! Bienvenido a tu casillero</h1>
      <p className="lead">
        Compra en tus tiendas favoritas de EE. UU. y envía tus compras a la dirección de abajo. Nosotros
        llevamos cada paquete a tu casa.
      </p>
      <p className="reminder">Recuerda: el envío se paga al recibir el paquete en tu puerta.</p>
      {!me.emailVerified && <VerifyReminder />}
      <dl className="summary">
        <div>
          <dt>Nombre registrado</dt>
          <dd>{me.registeredName || me.name}</dd>
        </div>
        <div>
          <dt>Número de casillero</dt>
          <dd className="locker-number">{me.lockerNumber}</dd>
        </div>
      </dl>
      {notice && <Notice tone={notice.tone}>{notice.text}</Notice>}

      <section className="card" aria-labelledby="send-to-heading">
        <h2 id="send-to-heading">Tu dirección en EE. UU.</h2>
        <p>Usa esta dirección al comprar en cualquier tienda de Estados Unidos:</p>
        <pre className="address">{sendTo}</pre>
        <button
          type="button"
          className="button"
          onClick={() => copy(sendTo, 'Dirección copiada. Pégala en la tienda al pagar.')}
        >
          Copiar dirección
        </button>
        {office && (
          <details className="checkout">
            <summary>Campo por campo, como lo pide la tienda</summary>
            <dl>
              {checkoutFields(me.registeredName || me.name, me.lockerNumber, office).map((field) => (
                <div key={field.label} className="checkout__row">
                  <dt>{field.label}</dt>
                  <dd>{field.value}</dd>
                  <button
                    type="button"
                    className="button button--small button--secondary"
                    aria-label={`Copiar: ${field.label}`}
                    onClick={() => copy(field.value, `Copiado: ${field.label}.`)}
                  >
                    Copiar
                  </button>
                </div>
              ))}
            </dl>
          </details>
        )}
      </section>

      <section className="card" aria-labelledby="referral-heading">
        <h2 id="referral-heading">Invita a tus amigos</h2>
        <p>
          Tu código de referido es <strong className="ref-code">{me.refCode}</strong>. Cuando las personas que
          invites hagan sus envíos con nosotros, tú recibes un beneficio.
        </p>
        <button type="button" className="button button--secondary" onClick={share}>
          Compartir invitación
        </button>
      </section>
      <Referrals />

      <div className="actions">
        <button type="button" className="button" onClick={() => navigate(paths.notify)}>
          Notificar paquete
        </button>
        <button type="button" className="button button--secondary" onClick={() => navigate(paths.packages)}>
          Mis paquetes
        </button>
        <button type="button" className="button button--secondary" onClick={() => navigate(paths.myData)}>
          Mis datos
        </button>
        <button type="button" className="button button--secondary" onClick={() => void signOut()}>
          Cerrar sesión
        </button>
      </div>
      <footer className="privacy-note">
        Puedes actualizar, corregir o eliminar tus datos escribiendo a{' '}
        <a href={`mailto:${appConfig.privacyEmail}`}>{appConfig.privacyEmail}</a>.
      </footer>
    </>
  );
}

function VerifyReminder() {
  const [state, setState] = useState<'idle' | 'busy' | 'sent' | 'failed'>('idle');
  async function resend() {
    setState('busy');
    try {
      await api.post('/api/verify-email/resend');
      setState('sent');
    } catch {
      setState('failed');
    }
  }
  return (
    <div className="notice notice--info">
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
