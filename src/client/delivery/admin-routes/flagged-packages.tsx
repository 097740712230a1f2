// 'Requieren decisión': the packages back in 'En bodega Colombia' whose failed attempts reached the limit, each with
// its attempts and the last reason, for the staff to decide (another attempt, pick-up, 'Devuelto').
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { formatLocalDateTime } from '../../../shared/dates.ts';
import { QueryStates } from '../../app/query-states.tsx';
import { listFlagged, routeKeys } from '../routes-api.ts';

const attemptsText = (count: number) => (count === 1 ? '1 intento' : `${count} intentos`);

export function FlaggedPackages() {
  const id = useId();
  const flagged = useQuery({ queryKey: routeKeys.flagged, queryFn: ({ signal }) => listFlagged(signal) });
  return (
    <section className="card flagged" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>Requieren decisión</h2>
      <QueryStates query={flagged}>
        {(data) =>
          data.packages.length === 0 ? (
            <p>
              Ningún paquete llegó a {attemptsText(data.maxAttempts)} fallidos: no hay decisiones pendientes.
            </p>
          ) : (
            <>
              <p>
                Estos paquetes llegaron a {attemptsText(data.maxAttempts)} fallidos y volvieron a la bodega.
                Decide si se intenta otra vez, si el cliente lo recoge o si se devuelve («Devuelto»).
              </p>
              <ul className="flagged__list">
                {data.packages.map((pkg) => (
                  <li key={pkg.number}>
                    <strong>
                      Paquete {pkg.number} ({pkg.guide})
                    </strong>
                    <span>
                      {pkg.customerName} · {pkg.address}
                    </span>
                    <span>
                      {attemptsText(pkg.attempts)} · Último motivo: {pkg.lastReasonLabel} (
                      <time dateTime={pkg.lastAttemptAt}>{formatLocalDateTime(pkg.lastAttemptAt)}</time>)
                    </span>
                  </li>
                ))}
              </ul>
            </>
          )
        }
      </QueryStates>
    </section>
  );
}
