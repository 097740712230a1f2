// DELIVERY.md 'Proof of delivery', one card for the customer's page and the staff's view: 'Entregado' with the date
// and time, 'Recibido por', 'Documento' as the server sends it (its last four digits to the customer, whole to
// staff), 'Relación', 'Valor pagado', 'Medio de pago', the courier when the server names one (staff only), the
// delivery photo and the link to its 'Comprobante de pago' when something was paid. Staff also read the route (with
// a link to it) and the parcel's condition at the door even when it was 'Sin novedad'.
import { useId } from 'react';
import { formatLocalDateTime } from '../../shared/dates.ts';
import type { DeliveryProof } from '../../shared/delivery/api-types.ts';
import { formatCop } from '../../shared/money.ts';
import { paths } from '../../shared/paths.ts';
import { Link } from '../router.tsx';
import { FactList } from './fact-list.tsx';
import { PhotoLink } from './photo-link.tsx';

const photoUrl = (id: string) => `/api/files/${encodeURIComponent(id)}`;

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
      <FactList
        className="data-list delivery-proof__facts"
        facts={facts.filter((fact): fact is [string, string] => fact[1] !== null)}
      />
      {route !== null && (
        <p>
          <Link to={paths.adminRoute(route)}>Ver ruta {route}</Link>
        </p>
      )}
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
