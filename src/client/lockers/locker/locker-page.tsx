// design/product.md §2 Locker screen: a short greeting, the locker number and name in one line, then at once the US
// address (whole and per checkout field) with 'Copiar dirección' — on a phone all of it within the first screen —, the
// verification notice, the referral invitation and 'Tus referidos', and the ways on.
import { buildInvitationLink, invitationMessage } from '../../../shared/links.ts';
import { messages } from '../../../shared/messages.ts';
import { paths } from '../../../shared/paths.ts';
import { appConfig, onlinePaymentOn } from '../../app/app-config.ts';
import { MissingRecord } from '../../app/missing-record.tsx';
import { Page } from '../../app/page.tsx';
import { withQuery } from '../../app/query-client.tsx';
import { Link, useNavigate } from '../../app/router.tsx';
import { type Me, useMe } from '../../auth/me.ts';
import { signOutHere } from '../../auth/session.ts';
import { CopyButton } from '../../components/copy-button.tsx';
import { Notice } from '../../components/notice.tsx';
import { AttentionFromPackages } from '../../packages/attention-line.tsx';
import { Referrals } from './referrals.tsx';
import { SendToAddress } from './send-to-address.tsx';
import { VerifyReminder } from './verify-reminder.tsx';
import './locker.css';

function LockerScreen() {
  const state = useMe();
  return (
    <Page title="Mi casillero">
      {state.status === 'loading' && <p role="status">{messages.loadingLocker}</p>}
      {state.status === 'missing' && <MissingRecord />}
      {state.status === 'error' && <Notice tone="error">{state.message}</Notice>}
      {state.status === 'ready' && <Locker me={state.me} />}
    </Page>
  );
}

/** 'Mariana' of 'Mariana Ríos': the greeting stays one short line on a phone. */
function firstName(name: string): string {
  return name.trim().split(/\s+/)[0] ?? name;
}

function Locker({ me }: { me: Me }) {
  const navigate = useNavigate();
  const name = me.registeredName || me.name;
  const invitation = invitationMessage(
    appConfig.brandName,
    buildInvitationLink(appConfig.appUrl, me.refCode),
  );

  /** design/product.md §2: the invitation is copied and confirmed; where the phone has a share sheet, it opens too. */
  async function share() {
    if (typeof navigator.share !== 'function') return;
    try {
      await navigator.share({ title: appConfig.brandName, text: invitation });
    } catch {
      // Closing the share sheet is a choice, not an error: the invitation is on the clipboard already.
    }
  }

  return (
    <>
      <h1 className="locker-greeting">¡Hola, {firstName(me.name)}!</h1>
      <dl className="locker-id">
        <div>
          <dt>Casillero</dt>
          <dd className="locker-number">{me.lockerNumber}</dd>
        </div>
        <div>
          <dt>Nombre registrado</dt>
          <dd>{name}</dd>
        </div>
      </dl>
      <SendToAddress name={name} lockerNumber={me.lockerNumber} />
      <AttentionFromPackages />
      {!me.emailVerified && <VerifyReminder />}
      <p className="lead">
        Compra en tus tiendas favoritas de EE.&nbsp;UU. y envía tus compras a esta dirección. Nosotros
        llevamos cada paquete a tu casa.
      </p>
      <p className="reminder">
        {onlinePaymentOn()
          ? 'Recuerda: el envío se paga al recibir el paquete en tu puerta, o antes, en línea.'
          : 'Recuerda: el envío se paga al recibir el paquete en tu puerta.'}
      </p>

      <section className="card" aria-labelledby="referral-heading">
        <h2 id="referral-heading">Invita a tus amigos</h2>
        <p>
          Tu código de referido es <strong className="ref-code">{me.refCode}</strong>. Cuando las personas que
          invites hagan sus envíos con nosotros, tú recibes un beneficio.
        </p>
        <CopyButton
          text={invitation}
          announcement="Invitación copiada. Pégala en WhatsApp, en un correo o donde quieras compartirla."
          className="button button--secondary"
          afterCopy={() => void share()}
        >
          Compartir invitación
        </CopyButton>
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
        <button type="button" className="button button--secondary" onClick={() => void signOutHere()}>
          Cerrar sesión
        </button>
      </div>
      <p>
        ¿Un problema con un paquete o con el servicio? <Link to={paths.pqr}>Presentar una PQR</Link>
      </p>
      <footer className="privacy-note">
        Puedes actualizar, corregir o eliminar tus datos escribiendo a{' '}
        <a href={`mailto:${appConfig.privacyEmail}`}>{appConfig.privacyEmail}</a>.
      </footer>
    </>
  );
}

export default withQuery(LockerScreen);
