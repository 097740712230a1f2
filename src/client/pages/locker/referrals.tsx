// 'Tus referidos' on /locker (PACKAGES.md 'Charges'): how many registered with the customer's code, how many of them
// have received a package, and the referral credit available for the next charge (GET /api/me/referrals).
import { useEffect, useState } from 'react';
import { formatUsd } from '../../../shared/money.ts';
import { getReferrals, type Referrals as Summary } from '../../api/charges.ts';
import { RequestError } from '../../api/request.ts';

type State = { status: 'loading' } | { status: 'ready'; summary: Summary } | { status: 'error' };

export function Referrals() {
  const [state, setState] = useState<State>({ status: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    getReferrals(controller.signal)
      .then((summary) => setState({ status: 'ready', summary }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        // A 401 is already on its way to /login (request.ts).
        if (!(error instanceof RequestError && error.status === 401)) setState({ status: 'error' });
      });
    return () => controller.abort();
  }, []);

  return (
    <section className="card" aria-labelledby="referrals-heading">
      <h2 id="referrals-heading">Tus referidos</h2>
      {state.status === 'loading' && <p>Cargando tus referidos...</p>}
      {state.status === 'error' && <p>No pudimos cargar tus referidos. Vuelve a intentarlo más tarde.</p>}
      {state.status === 'ready' && (
        <>
          <dl className="charge-list">
            <div>
              <dt>Se registraron con tu código</dt>
              <dd>{state.summary.registered}</dd>
            </div>
            <div>
              <dt>Ya recibieron su primer paquete</dt>
              <dd>{state.summary.shipped}</dd>
            </div>
            <div>
              <dt>Crédito disponible</dt>
              <dd>{formatUsd(state.summary.creditCents)}</dd>
            </div>
          </dl>
          <p className="field__hint">
            Ganas crédito cuando cada persona que invitaste recibe su primer paquete; lo descontamos de tu
            próximo envío.
          </p>
        </>
      )}
    </section>
  );
}
