// 'Recibidos hoy': the parcels received since midnight in Miami, newest first, each with its label to print again.
import { useQuery } from '@tanstack/react-query';
import { formatTime } from '../../../shared/dates.ts';
import { paths } from '../../../shared/paths.ts';
import { formatNumber } from '../../components/format.ts';
import { warehouseQueries } from '../api.ts';
import { PackageThumb } from './package-thumb.tsx';
import { WarehouseList } from './warehouse-list.tsx';

export function TodayList() {
  return (
    <WarehouseList
      id="today"
      title="Recibidos hoy"
      list={useQuery(warehouseQueries.today)}
      empty="Aún no se ha recibido ningún paquete hoy."
      row={(pkg) => (
        <li key={pkg.number} className="warehouse-row warehouse-row--today">
          <PackageThumb number={pkg.number} url={pkg.thumbnailUrl} />
          <div className="warehouse-row__body">
            <p className="warehouse-row__title">
              Paquete {pkg.number} ·{' '}
              {pkg.state === 'sin_identificar' ? 'Sin identificar' : `Casillero ${pkg.lockerNumber ?? '—'}`}
            </p>
            <p className="warehouse-row__guide">{pkg.guide}</p>
            <p className="warehouse-row__meta">
              {[pkg.customerName, pkg.weightLb === null ? null : `${formatNumber(pkg.weightLb)} lb`]
                .filter(Boolean)
                .join(' · ')}
              {pkg.receivedAt && (
                <>
                  {pkg.customerName || pkg.weightLb !== null ? ' · ' : ''}
                  <time dateTime={pkg.receivedAt}>{formatTime(pkg.receivedAt)}</time>
                </>
              )}
            </p>
          </div>
          <a
            className="button button--secondary button--small"
            href={paths.label(pkg.number)}
            target="_blank"
            rel="noopener"
            aria-label={`Etiqueta del paquete ${pkg.number}`}
          >
            Etiqueta
          </a>
        </li>
      )}
    />
  );
}
