// 'Mi caja': what the courier holds from the route, by payment means. The server's sums, and apart, clearly marked,
// the deliveries confirmed on the phone that have not reached the server yet; beside it, 'Por cobrar': what the stops
// still to visit have to pay (issue 37 item 3).
import { formatCop } from '../../../shared/money.ts';
import type { CashLine } from './door-actions.ts';

const entries = (count: number) => `${count} ${count === 1 ? 'entrega' : 'entregas'}`;

export function CashBox({ lines, toCollect }: { lines: CashLine[]; toCollect: number }) {
  return (
    <section className="card cash-box" aria-labelledby="cash-box-heading">
      <div className="cash-box__head">
        <h2 id="cash-box-heading">Mi caja</h2>
        <p className="cash-box__due">
          Por cobrar <strong>{formatCop(toCollect)}</strong>
        </p>
      </div>
      {lines.length === 0 ? (
        <p>Todavía no has cobrado nada en esta ruta.</p>
      ) : (
        <ul className="cash-box__lines">
          {lines.map((line) => (
            <li key={line.means}>
              <span className="cash-box__means">{line.label}</span>{' '}
              <strong>{formatCop(line.server?.amountCop ?? 0)}</strong>{' '}
              <span className="cash-box__count">({entries(line.server?.count ?? 0)})</span>
              {line.phoneCount > 0 && (
                <span className="cash-box__phone">
                  + {formatCop(line.phoneCop)} en el teléfono, por enviar ({entries(line.phoneCount)})
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
