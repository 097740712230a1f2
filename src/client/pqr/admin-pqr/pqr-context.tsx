// What the staff read beside a PQR's thread: who filed it (a customer, a visitor, or an account deleted since), the
// package with its whole history (folded) and its photos as thumbnails, and its proof of delivery where there is one.
import { formatLocalDateTime } from '../../../shared/dates.ts';
import type { DeliveryProof } from '../../../shared/delivery/api-types.ts';
import { formatCop } from '../../../shared/money.ts';
import type { PackageDetail } from '../../../shared/packages/api-types.ts';
import { STATE_LABELS } from '../../../shared/packages/states.ts';
import type { PqrCustomer } from '../../../shared/pqr/api-types.ts';
import { FactList } from '../../components/fact-list.tsx';

type Fact = readonly [string, string];
const present = (facts: ReadonlyArray<readonly [string, string | null | undefined]>) =>
  facts.filter((fact): fact is Fact => Boolean(fact[1]));

export function CustomerCard({ customer }: { customer: PqrCustomer }) {
  return (
    <section className="card" aria-labelledby="customer-heading">
      <h2 id="customer-heading">{customer.visitor ? 'Visitante' : 'Cliente'}</h2>
      {customer.deleted && (
        <p className="field__hint">
          La cuenta se eliminó: se conservan solo el nombre, el documento y el radicado, como exige la ley.
        </p>
      )}
      <FactList
        className="data-list"
        facts={present([
          ['Nombre', customer.name],
          ['Documento', customer.idNumber],
          ['Correo', customer.email],
          ['Teléfono', customer.phone],
          ['Casillero', customer.lockerNumber],
        ])}
      />
    </section>
  );
}

function Photos({ pkg }: { pkg: PackageDetail }) {
  const photos = pkg.files.filter((file) => file.kind === 'photo');
  if (photos.length === 0) return null;
  return (
    <>
      <h3>Fotos</h3>
      <ul className="package-photos package-photos--thumbs" aria-label={`Fotos del paquete ${pkg.number}`}>
        {photos.map((photo, index) => (
          <li key={photo.id}>
            <a href={photo.url} target="_blank" rel="noopener">
              <img src={photo.thumbnailUrl ?? photo.url} alt={`Foto ${index + 1}`} width={120} height={120} />
            </a>
          </li>
        ))}
      </ul>
    </>
  );
}

function ProofFacts({ proof }: { proof: DeliveryProof }) {
  return (
    <>
      <h3>Prueba de entrega</h3>
      <FactList
        className="data-list"
        facts={present([
          ['Entregado el', formatLocalDateTime(proof.at)],
          ['Recibido por', `${proof.receivedBy} (${proof.relationLabel})`],
          ['Documento', proof.document],
          ['Novedad', proof.noveltyLabel],
          ['Valor pagado', proof.paidCop === null ? null : formatCop(proof.paidCop)],
          ['Medio de pago', proof.meansLabel],
          ['Referencia', proof.reference],
          ['Repartidor', proof.courierName],
        ])}
      />
      {proof.photoId && (
        <p>
          <a href={`/api/files/${encodeURIComponent(proof.photoId)}`} target="_blank" rel="noopener">
            Ver la foto de la entrega
          </a>
        </p>
      )}
    </>
  );
}

export function PackageCard(props: { pkg: PackageDetail; proof: DeliveryProof | null; cargo: boolean }) {
  const { pkg } = props;
  return (
    <section className="card" aria-labelledby="package-heading">
      <h2 id="package-heading">Paquete {pkg.number}</h2>
      {props.cargo && <p className="tag">Carga: pesa más de 5 kg (no es mensajería expresa)</p>}
      <FactList
        className="data-list"
        facts={present([
          ['Estado', STATE_LABELS[pkg.state]],
          ['Guía', pkg.guide],
          ['Contenido', pkg.content],
          ['Peso', pkg.weightLb === null ? null : `${pkg.weightLb.toLocaleString('es-CO')} lb`],
          ['Dirección de entrega', pkg.deliveryAddress],
        ])}
      />
      <details className="pqr-context__history">
        <summary>Historial del paquete ({pkg.events.length})</summary>
        <ol className="history">
          {pkg.events.map((event) => (
            <li key={event.id}>
              <strong>{STATE_LABELS[event.state]}</strong>
              <span className="history__meta">
                <time dateTime={event.at}>{formatLocalDateTime(event.at)}</time>, {event.actor}
              </span>
              {event.note && <span className="history__meta">{event.note}</span>}
            </li>
          ))}
        </ol>
      </details>
      <Photos pkg={pkg} />
      {props.proof && <ProofFacts proof={props.proof} />}
    </section>
  );
}
