// 'Recibidos hoy': the parcels received since midnight in Miami, newest first, each with its label to print again.
import { useQuery } from '@tanstack/react-query';
import { messages } from '../../../shared/messages.ts';
import { paths } from '../../../shared/paths.ts';
import { listToday, warehouseKeys } from '../../api/warehouse.ts';
import { formatNumber } from '../../components/format.ts';
import { Notice } from '../../components/notice.tsx';
import { formatTime } from '../../components/warehouse-format.ts';
import { PackageThumb } from './package-thumb.tsx';

export function TodayList() {
  const today = useQuery({ queryKey: warehouseKeys.today, queryFn: ({ signal }) => listToday(signal) });
  const rows = today.data?.packages ?? [];
  return (
    <section className="card warehouse-list" aria-labelledby="today-heading">
      <h2 id="today-heading">
        Recibidos hoy{today.data && <span className="warehouse-list__count"> ({rows.length})</span>}
      </h2>
      {today.isPending && <p role="status">{messages.loading}</p>}
      {today.isError && <Notice tone="error">{today.error.message || messages.serverError}</Notice>}
      {today.data && rows.length === 0 && <p>Aún no se ha recibido ningún paquete hoy.</p>}
      {rows.length > 0 && (
        <ul className="warehouse-rows" aria-busy={today.isFetching}>
          {rows.map((pkg) => (
            <li key={pkg.number} className="warehouse-row">
              <PackageThumb number={pkg.number} url={pkg.thumbnailUrl} />
              <div className="warehouse-row__body">
                <p className="warehouse-row__title">
                  Paquete {pkg.number} ·{' '}
                  {pkg.state === 'sin_identificar'
                    ? 'Sin identificar'
                    : `Casillero ${pkg.lockerNumber ?? '—'}`}
                </p>
                <p className="warehouse-row__meta">
                  {pkg.guide}
                  {pkg.customerName && ` · ${pkg.customerName}`}
                  {pkg.weightLb !== null && ` · ${formatNumber(pkg.weightLb)} lb`}
                  {pkg.receivedAt && (
                    <>
                      {' · '}
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
          ))}
        </ul>
      )}
    </section>
  );
}
