// SPEC.md §2 Notify screen: tell support about a package on the way, by WhatsApp or by e-mail.
import { useState } from 'react';
import { deliveryAddresses } from '../../../shared/address.ts';
import { buildMailtoNotifyLink, buildWhatsAppNotifyLink } from '../../../shared/links.ts';
import { messages } from '../../../shared/messages.ts';
import { type Me, useMe } from '../../api/me.ts';
import { appConfig } from '../../app-config.ts';
import { MissingRecord } from '../../components/missing-record.tsx';
import { Notice } from '../../components/notice.tsx';
import { openExternal } from '../../components/open-external.ts';
import { Page } from '../../components/page.tsx';
import { paths } from '../../paths.ts';
import { useNavigate } from '../../router.tsx';

export default function NotifyPage() {
  const state = useMe();
  return (
    <Page title="Notificar paquete">
      <h1>Notificar paquete</h1>
      {state.status === 'loading' && <p role="status">{messages.loading}</p>}
      {state.status === 'missing' && <MissingRecord />}
      {state.status === 'error' && <Notice tone="error">{state.message}</Notice>}
      {state.status === 'ready' && <NotifyForm me={state.me} />}
    </Page>
  );
}

function NotifyForm({ me }: { me: Me }) {
  const navigate = useNavigate();
  const addresses = deliveryAddresses(me);
  const [address, setAddress] = useState(addresses[0] ?? '');
  const [instructions, setInstructions] = useState('');
  const notice = { lockerNumber: me.lockerNumber, address, instructions };

  return (
    <form className="form" onSubmit={(event) => event.preventDefault()}>
      <p>
        Cuéntanos que tienes un paquete en camino a tu casillero <strong>{me.lockerNumber}</strong> y a qué
        dirección quieres recibirlo.
      </p>
      <div className="field">
        <label htmlFor="address">Dirección de entrega</label>
        <select id="address" value={address} onChange={(event) => setAddress(event.target.value)}>
          {addresses.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="instructions">Instrucciones adicionales</label>
        <textarea
          id="instructions"
          rows={4}
          maxLength={1000}
          value={instructions}
          onChange={(event) => setInstructions(event.target.value)}
          aria-describedby="instructions-hint"
        />
        <p className="field__hint" id="instructions-hint">
          Opcional: tienda, número de pedido, horario de entrega…
        </p>
      </div>
      <div className="actions">
        <button
          type="button"
          className="button"
          onClick={() => openExternal(buildWhatsAppNotifyLink(appConfig.supportWhatsapp, notice))}
        >
          Enviar por WhatsApp
        </button>
        <button
          type="button"
          className="button button--secondary"
          onClick={() => openExternal(buildMailtoNotifyLink(appConfig.supportEmail, notice))}
        >
          Enviar por correo
        </button>
        <button type="button" className="link-button" onClick={() => navigate(paths.locker)}>
          Volver al inicio
        </button>
      </div>
    </form>
  );
}
