// What the package is and whose: its owner (name, locker, e-mail, phone), the pre-alert's data, what the warehouse
// measured, a hold's reason; and its files: the invoice and the warehouse's photos (thumbnails open the photo).
import { formatLocalDateTime } from '../../../shared/dates.ts';
import { formatUsd } from '../../../shared/money.ts';
import type { PackageDetail } from '../../../shared/packages/api-types.ts';
import { CARRIER_NAMES } from '../../../shared/packages/guides.ts';
import { FactList } from '../../components/fact-list.tsx';
import { formatNumber } from '../../components/format.ts';
import { Notice } from '../../components/notice.tsx';
import type { StaffPackage } from '../operations-api.ts';

const CONDITIONS: Record<string, string> = { bueno: 'Bueno', danado: 'Dañado', abierto: 'Abierto' };

function measures(pkg: PackageDetail): string | null {
  const sides = [pkg.lengthIn, pkg.widthIn, pkg.heightIn];
  if (sides.every((side) => side === null)) return null;
  return `${sides.map((side) => (side === null ? '?' : formatNumber(side))).join(' × ')} in`;
}

const shown = (facts: Array<[string, string | null]>) =>
  facts.filter((fact): fact is [string, string] => fact[1] !== null && fact[1] !== '');

export function StaffFacts({ view }: { view: StaffPackage }) {
  const { package: pkg, owner } = view;
  const customer: Array<[string, string | null]> = owner
    ? [
        ['Cliente', owner.name],
        ['Casillero', owner.lockerNumber],
        ['Correo', owner.email],
        ['Teléfono', owner.telefono],
      ]
    : [['Cliente', 'Sin identificar']];
  const facts: Array<[string, string | null]> = [
    ['Número de guía', pkg.carrier ? `${pkg.guide} (${CARRIER_NAMES[pkg.carrier]})` : pkg.guide],
    ['Casillero del paquete', pkg.lockerNumber],
    ['Tienda', pkg.store],
    ['Contenido', pkg.content],
    ['Valor declarado', formatUsd(pkg.declaredValueCents)],
    ['Cantidad', String(pkg.quantity)],
    ['Dirección de entrega', pkg.deliveryAddress],
    ['Instrucciones adicionales', pkg.instructions],
    ['Peso', pkg.weightLb === null ? null : `${formatNumber(pkg.weightLb)} lb`],
    ['Medidas (largo × ancho × alto)', measures(pkg)],
    ['Estado del paquete', pkg.condition ? (CONDITIONS[pkg.condition] ?? pkg.condition) : null],
    ['Ubicación', pkg.location],
    ['Recibido en bodega', pkg.receivedAt ? formatLocalDateTime(pkg.receivedAt) : null],
    ['Días en bodega', pkg.daysInWarehouse === null ? null : String(pkg.daysInWarehouse)],
    ['Días de bodega gratis', pkg.freeStorageDaysLeft === null ? null : String(pkg.freeStorageDaysLeft)],
    ['Prealertado el', formatLocalDateTime(pkg.createdAt)],
  ];
  return (
    <>
      {pkg.state === 'retenido' && (
        <Notice tone="error">
          <p>Retenido. Motivo: {pkg.holdReason || 'sin detalle'}</p>
        </Notice>
      )}
      {pkg.warning && <Notice tone="info">{pkg.warning}</Notice>}
      <section className="card" aria-labelledby="staff-customer-heading">
        <h2 id="staff-customer-heading">Cliente</h2>
        <FactList className="data-list" facts={shown(customer)} />
      </section>
      <section className="card" aria-labelledby="staff-facts-heading">
        <h2 id="staff-facts-heading">Datos del paquete</h2>
        <FactList className="data-list package-facts" facts={shown(facts)} />
      </section>
    </>
  );
}

export function StaffPhotos({ pkg }: { pkg: PackageDetail }) {
  const invoice = pkg.files.find((file) => file.kind === 'invoice');
  const photos = pkg.files.filter((file) => file.kind === 'photo');
  return (
    <section className="card" aria-labelledby="staff-files-heading">
      <h2 id="staff-files-heading">Fotos y factura</h2>
      {photos.length === 0 ? (
        <p>Sin fotos de la bodega.</p>
      ) : (
        <ul className="package-photos" aria-label="Fotos del paquete">
          {photos.map((photo, index) => (
            <li key={photo.id}>
              <a href={photo.url} target="_blank" rel="noopener">
                <img
                  src={photo.thumbnailUrl ?? photo.url}
                  alt={`Foto ${index + 1} del paquete ${pkg.number}`}
                  loading="lazy"
                  width={160}
                  height={160}
                />
              </a>
            </li>
          ))}
        </ul>
      )}
      <p>
        {invoice ? (
          <a href={invoice.url} download>
            Ver factura
          </a>
        ) : (
          // The store's purchase invoice the customer attaches, not our electronic invoice (issue 47).
          'Sin factura de compra.'
        )}
      </p>
    </section>
  );
}
