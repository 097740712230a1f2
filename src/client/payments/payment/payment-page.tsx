// design/payments.md: `/pagos/:referencia`, where Wompi's checkout returns. It says 'Pago aprobado', 'Pago rechazado'
// (with Wompi's reason and 'Intentar de nuevo') or 'Estamos confirmando tu pago' and follows the outcome live: the
// customer's package stream wakes it when the event is applied, and while pending it asks again every few seconds
// (the server then asks Wompi for the checkout's transaction when its event is late).
import { useQuery } from '@tanstack/react-query';
import { formatCop } from '../../../shared/money.ts';
import { paths } from '../../../shared/paths.ts';
import type { PaymentView } from '../../../shared/payments/api-types.ts';
import { PAYMENT_STATE_TITLES } from '../../../shared/payments/labels.ts';
import { Loaded } from '../../app/load-failure.tsx';
import { Page } from '../../app/page.tsx';
import { withQuery } from '../../app/query-client.tsx';
import { Link, useParams, useSearchParams } from '../../app/router.tsx';
import { SignedInNav } from '../../app/signed-in-nav.tsx';
import { Notice } from '../../components/notice.tsx';
import { useLiveRefresh } from '../../packages/live.ts';
import { getPayment, paymentKeys } from '../api.ts';
import { PayOnline } from '../pay-online.tsx';

const POLL_MS = 4_000;

function PaymentPage() {
  const reference = useParams().referencia ?? '';
  const transactionId = useSearchParams()[0].get('id') ?? '';
  const payment = useQuery({
    queryKey: paymentKeys.one(reference),
    queryFn: ({ signal }) => getPayment(reference, transactionId, signal),
    refetchInterval: (query) => (query.state.data?.state === 'pendiente' ? POLL_MS : false),
  });
  useLiveRefresh({
    url: '/api/packages/events',
    event: 'refresh',
    queryKey: paymentKeys.one(reference),
    enabled: payment.data?.state === 'pendiente',
  });
  const title = payment.data ? PAYMENT_STATE_TITLES[payment.data.state] : 'Tu pago';
  return (
    <Page title={title} nav={<SignedInNav />}>
      <Loaded
        query={payment}
        missing="No encontramos ese pago."
        back={<Link to={paths.packages}>Volver a mis paquetes</Link>}
      >
        {(data) => <PaymentOutcome payment={data} />}
      </Loaded>
    </Page>
  );
}

function PaymentOutcome({ payment }: { payment: PaymentView }) {
  const numbers = payment.packages.map((pkg) => pkg.number);
  const refused = ['rechazado', 'error', 'anulado', 'expirado'].includes(payment.state);
  return (
    <>
      <h1>{PAYMENT_STATE_TITLES[payment.state]}</h1>
      {payment.state === 'pendiente' && (
        <Notice tone="info">
          {payment.method === 'Nequi' && (
            <p>Acepta el pago en la app de Nequi: te llegó una notificación para aprobarlo.</p>
          )}
          <p>Wompi aún no nos confirma el pago. Esta página se actualiza sola en cuanto lo haga.</p>
        </Notice>
      )}
      {payment.state === 'aprobado' && (
        <Notice tone="success">
          <p>
            {payment.refund
              ? 'Estos paquetes ya estaban pagados: te devolveremos este pago.'
              : 'Tus paquetes quedaron pagados: no tienes que pagar nada al recibirlos.'}
          </p>
        </Notice>
      )}
      {refused && (
        <Notice tone="error">
          <p>{payment.reason ?? 'Wompi no aprobó el pago.'} No se hizo ningún cobro.</p>
          <p>
            Puedes intentarlo de nuevo con otra tarjeta, PSE o Nequi, o pagar al recibir el paquete en tu
            puerta.
          </p>
        </Notice>
      )}
      <dl className="data-list">
        <div>
          <dt>Referencia</dt>
          <dd>{payment.reference}</dd>
        </div>
        <div>
          <dt>Valor</dt>
          <dd>{formatCop(payment.amountCop)} COP</dd>
        </div>
        {payment.method && (
          <div>
            <dt>Medio de pago</dt>
            <dd>{payment.method}</dd>
          </div>
        )}
      </dl>
      <ul>
        {payment.packages.map((pkg) => (
          <li key={pkg.number}>
            <Link to={paths.packageDetail(pkg.number)}>Paquete {pkg.number}</Link>: {formatCop(pkg.amountCop)}{' '}
            COP
          </li>
        ))}
      </ul>
      {refused && <PayOnline numbers={numbers} label="Intentar de nuevo" />}
      <p>
        <Link to={paths.packages}>Volver a mis paquetes</Link>
      </p>
    </>
  );
}

export default withQuery(PaymentPage);
