// 'Tus referidos' on /locker (design/packages.md 'Charges'): how many registered with the customer's code, how many of
// them have received a package, and the referral credit available for the next charge (GET /api/me/referrals); the
// benefit itself ('US$ 5 de crédito') read from the rates in force.
import { useQuery } from '@tanstack/react-query';
import { formatUsd, formatUsdBrief } from '../../../shared/money.ts';
import { RequestError } from '../../app/request.ts';
import { chargeKeys, getRates, getReferrals } from '../../charges/api.ts';

export function Referrals() {
  const referrals = useQuery({
    queryKey: chargeKeys.referrals,
    queryFn: ({ signal }) => getReferrals(signal),
  });
  const rates = useQuery({ queryKey: chargeKeys.rates, queryFn: getRates });
  const credit = rates.data ? `${formatUsdBrief(rates.data.referralCreditCents)} de crédito` : 'crédito';
  const summary = referrals.data;
  // A 401 is already on its way to /login (request.ts): it stays 'Cargando' until then.
  const signedOut = referrals.error instanceof RequestError && referrals.error.status === 401;
  return (
    <section className="card" aria-labelledby="referrals-heading">
      <h2 id="referrals-heading">Tus referidos</h2>
      {(referrals.isPending || signedOut) && <p>Cargando tus referidos...</p>}
      {referrals.isError && !signedOut && (
        <p>No pudimos cargar tus referidos. Vuelve a intentarlo más tarde.</p>
      )}
      {summary && (
        <>
          <dl className="charge-list">
            <div>
              <dt>Se registraron con tu código</dt>
              <dd>{summary.registered}</dd>
            </div>
            <div>
              <dt>Ya recibieron su primer paquete</dt>
              <dd>{summary.shipped}</dd>
            </div>
            <div>
              <dt>Crédito disponible</dt>
              <dd>{formatUsd(summary.creditCents)}</dd>
            </div>
          </dl>
          <p className="field__hint">
            Ganas {credit} por cada persona que invitaste cuando recibe su primer paquete; lo descontamos de
            tu próximo envío.
          </p>
        </>
      )}
    </section>
  );
}
