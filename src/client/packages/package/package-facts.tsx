// What is known about one package, as a list of facts (only those that have a value), and its files: the invoice
// as a link, the warehouse's photos as thumbnails that open the full photo. A hold's reason is in the action box.

import { formatLocalDateTime } from '../../../shared/dates.ts';
import { formatUsd } from '../../../shared/money.ts';
import type { PackageDetail } from '../../../shared/packages/api-types.ts';
import { CARRIER_NAMES } from '../../../shared/packages/guides.ts';
import { STATE_LABELS } from '../../../shared/packages/states.ts';
import { formatNumber } from '../../components/format.ts';
import { Notice } from '../../components/notice.tsx';
import { PhotoLink } from '../../components/photo-link.tsx';

const CONDITIONS: Record<string, string> = { bueno: 'Bueno', danado: 'Dañado', abierto: 'Abierto' };

function measures(pkg: PackageDetail): string | null {
  const sides = [pkg.lengthIn, pkg.widthIn, pkg.heightIn];
  if (sides.every((side) => side === null)) return null;
  return `${sides.map((side) => (side === null ? '?' : formatNumber(side))).join(' × ')} in`;
}

export function PackageFacts({ pkg }: { pkg: PackageDetail }) {
  const facts: Array<[string, string | null]> = [
    ['Número de paquete', String(pkg.number)],
    ['Estado', STATE_LABELS[pkg.state]],
    ['Número de guía', pkg.carrier ? `${pkg.guide} (${CARRIER_NAMES[pkg.carrier]})` : pkg.guide],
    ['Tienda', pkg.store || null],
    ['Contenido', pkg.content],
    ['Valor declarado', formatUsd(pkg.declaredValueCents)],
    ['Cantidad', String(pkg.quantity)],
    ['Dirección de entrega', pkg.deliveryAddress],
    ['Instrucciones adicionales', pkg.instructions || null],
    ['Peso', pkg.weightLb === null ? null : `${formatNumber(pkg.weightLb)} lb`],
    ['Medidas (largo × ancho × alto)', measures(pkg)],
    ['Estado del paquete', pkg.condition ? (CONDITIONS[pkg.condition] ?? pkg.condition) : null],
    ['Recibido en bodega', pkg.receivedAt ? formatLocalDateTime(pkg.receivedAt) : null],
    ['Prealertado el', formatLocalDateTime(pkg.createdAt)],
  ];
  return (
    <>
      {pkg.warning && <Notice tone="info">{pkg.warning}</Notice>}
      <dl className="data-list package-facts">
        {facts
          .filter((fact): fact is [string, string] => fact[1] !== null)
          .map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd className={label === 'Dirección de entrega' ? 'data-list__multiline' : undefined}>
                {value}
              </dd>
            </div>
          ))}
      </dl>
    </>
  );
}

const kb = (bytes: number) => `${formatNumber(Math.max(1, Math.round(bytes / 1024)))} KB`;

export function PackageFiles({ pkg }: { pkg: PackageDetail }) {
  const invoice = pkg.files.find((file) => file.kind === 'invoice');
  const photos = pkg.files.filter((file) => file.kind === 'photo');
  if (!invoice && photos.length === 0) return null;
  return (
    <section className="card" aria-labelledby="files-heading">
      <h2 id="files-heading">Archivos</h2>
      {invoice && (
        <p>
          <a href={invoice.url} download>
            Ver factura
          </a>{' '}
          <span className="field__hint">({kb(invoice.size)})</span>
        </p>
      )}
      {photos.length > 0 && (
        <ul className="package-photos" aria-label="Fotos del paquete">
          {photos.map((photo, index) => (
            <li key={photo.id}>
              <PhotoLink
                href={photo.url}
                src={photo.thumbnailUrl ?? photo.url}
                alt={`Foto ${index + 1} del paquete ${pkg.number}`}
                width={160}
                height={160}
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
