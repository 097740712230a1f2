// DELIVERY.md 'Proof of delivery': once delivered, who received the package and when ('Entregado'), 'Documento' as
// the server sends it (its last four digits to the customer, whole to staff), 'Relación', the delivery photo,
// 'Valor pagado' and 'Medio de pago', with the link to its 'Comprobante de pago' when something was paid; and every
// failed attempt with its reason and time.
import { formatLocalDateTime } from '../../../shared/dates.ts';
import type { DeliveryAttempt, DeliveryProof } from '../../../shared/delivery/api-types.ts';
import { formatCop } from '../../../shared/money.ts';
import { paths } from '../../../shared/paths.ts';
import { FactList } from '../../components/fact-list.tsx';
import { Link } from '../../router.tsx';
import { PhotoLink } from './photo-link.tsx';

const photoUrl = (id: string) => `/api/files/${encodeURIComponent(id)}`;

export function DeliveryProofCard({ number, proof }: { number: number; proof: DeliveryProof }) {
  const facts: Array<[string, string | null]> = [
    ['Entregado', formatLocalDateTime(proof.at)],
    ['Recibido por', proof.receivedBy],
    ['Documento', proof.document],
    ['Relación', proof.relationLabel],
    ['Estado al entregar', proof.novelty === 'sin_novedad' ? null : proof.noveltyLabel],
    ['Valor pagado', proof.paidCop === null ? 'Sin cobro' : formatCop(proof.paidCop)],
    ['Medio de pago', proof.meansLabel],
    ['Referencia', proof.reference],
    ['Mensajero', proof.courierName ?? null],
  ];
  return (
    <section className="card delivery-proof" aria-labelledby="proof-heading">
      <h2 id="proof-heading">Entrega</h2>
      <FactList
        className="data-list delivery-proof__facts"
        facts={facts.filter((fact): fact is [string, string] => fact[1] !== null)}
      />
      {proof.paidCop !== null && (
        <p>
          <Link to={paths.receipt(number)}>Comprobante de pago</Link>
        </p>
      )}
      {proof.photoId && (
        <p className="delivery-proof__photo">
          <PhotoLink
            href={photoUrl(proof.photoId)}
            src={photoUrl(proof.photoId)}
            alt={`Foto de la entrega del paquete ${number}`}
            width={320}
            height={240}
          />
        </p>
      )}
    </section>
  );
}

export function DeliveryAttempts({ attempts }: { attempts: DeliveryAttempt[] }) {
  if (attempts.length === 0) return null;
  return (
    <section className="card" aria-labelledby="attempts-heading">
      <h2 id="attempts-heading">Intentos de entrega</h2>
      <ol className="history">
        {attempts.map((attempt) => (
          <li key={attempt.at}>
            <strong>No entregado: {attempt.reasonLabel}</strong>
            <span className="history__meta">
              <time dateTime={attempt.at}>{formatLocalDateTime(attempt.at)}</time> · Ruta {attempt.routeId}
            </span>
            {attempt.note && <span>{attempt.note}</span>}
          </li>
        ))}
      </ol>
    </section>
  );
}
