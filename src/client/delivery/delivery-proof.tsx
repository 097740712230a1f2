// design/delivery.md 'Proof of delivery', one card for the customer's page and the staff's view: 'Entregado' with the
// date and time, 'Recibido por', 'Documento' as the server sends it (its last four digits to the customer, whole to
// staff), 'Relación', 'Valor pagado', 'Medio de pago', the courier when the server names one (staff only), the
// delivery photo and the link to its 'Comprobante de pago' when something was paid. Staff also read the route (with
// a link to it) and the parcel's condition at the door even when it was 'Sin novedad'. The customer's card leads with
// the answer (issue 37): 'Entregado el {fecha} a {quien}', 'Pagaste $ … en {medio}' and 'Comprobante de pago' first.
import { useId } from 'react';
import { formatLocalDate, formatLocalDateTime } from '../../shared/dates.ts';
import type { DeliveryProof } from '../../shared/delivery/api-types.ts';
import { formatCop } from '../../shared/money.ts';
import { paths } from '../../shared/paths.ts';
import { Link } from '../app/router.tsx';
import { FactList } from '../components/fact-list.tsx';
import { PhotoLink } from '../components/photo-link.tsx';

const photoUrl = (id: string) => `/api/files/${encodeURIComponent(id)}`;

/** 'en efectivo', 'en Nequi': a brand keeps its capital. */
const inMeans = (proof: DeliveryProof) =>
  proof.means === 'nequi' || proof.means === 'daviplata' ? proof.meansLabel : proof.meansLabel?.toLowerCase();

function CustomerLead({ number, proof }: { number: number; proof: DeliveryProof }) {
  return (
    <div className="delivery-lead">
      <p className="delivery-lead__when">
        Entregado el {formatLocalDate(proof.at)} a {proof.receivedBy}
      </p>
      {proof.paidCop !== null && (
        <>
          <p className="delivery-lead__paid">
            Pagaste {formatCop(proof.paidCop)}
            {proof.meansLabel ? ` en ${inMeans(proof)}` : ''}
          </p>
          <p>
            <Link className="button button--secondary" to={paths.receipt(number)}>
              Comprobante de pago
            </Link>
          </p>
        </>
      )}
    </div>
  );
}

export function DeliveryProofCard({
  number,
  proof,
  audience,
}: {
  number: number;
  proof: DeliveryProof;
  audience: 'customer' | 'staff';
}) {
  const headingId = useId();
  const staff = audience === 'staff';
  const route = staff ? proof.routeId : null;
  const facts: Array<[string, string | null]> = [
    ['Entregado', formatLocalDateTime(proof.at)],
    ['Recibido por', proof.receivedBy],
    ['Documento', proof.document],
    ['Relación', proof.relationLabel],
    ['Estado al entregar', staff || proof.novelty !== 'sin_novedad' ? proof.noveltyLabel : null],
    ['Valor pagado', proof.paidCop === null ? 'Sin cobro' : formatCop(proof.paidCop)],
    ['Medio de pago', proof.meansLabel],
    ['Referencia', proof.reference || null],
    ['Mensajero', proof.courierName || null],
    ['Ruta', route === null ? null : String(route)],
  ];
  return (
    <section className="card delivery-proof" aria-labelledby={headingId}>
      <h2 id={headingId}>Entrega</h2>
      {!staff && <CustomerLead number={number} proof={proof} />}
      <FactList
        className="data-list delivery-proof__facts"
        facts={facts.filter((fact): fact is [string, string] => fact[1] !== null)}
      />
      {route !== null && (
        <p>
          <Link to={paths.adminRoute(route)}>Ver ruta {route}</Link>
        </p>
      )}
      {staff && proof.paidCop !== null && (
        <p>
          <Link to={paths.receipt(number)}>Comprobante de pago</Link>
        </p>
      )}
      {proof.photoId && (
        <p className={staff ? 'delivery-proof__photo' : 'delivery-proof__photo delivery-proof__photo--thumb'}>
          <PhotoLink
            href={photoUrl(proof.photoId)}
            src={photoUrl(proof.photoId)}
            alt={`Foto de la entrega del paquete ${number}`}
            width={staff ? 320 : 160}
            height={staff ? 240 : 120}
          />
        </p>
      )}
    </section>
  );
}
