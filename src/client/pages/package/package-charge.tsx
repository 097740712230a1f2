// The package's charge, made when the warehouse received it: the figures it came from, 'Valor a pagar' in USD and
// COP (paid on delivery), and while it waits in Miami the days there and the free-storage countdown.
import { formatCop, formatUsd } from '../../../shared/money.ts';
import type { PackageDetail } from '../../../shared/packages/api-types.ts';
import { ChargeFigures } from '../../components/charge-figures.tsx';
import { RecomputeCharge } from './recompute-charge.tsx';

function storageLeft(days: number): string {
  if (days <= 0) return 'Se acabaron los días de bodega gratis';
  return days === 1 ? 'Te queda 1 día de bodega gratis' : `Te quedan ${days} días de bodega gratis`;
}

export function PackageCharge({ pkg }: { pkg: PackageDetail }) {
  const { charge, daysInWarehouse, freeStorageDaysLeft } = pkg;
  if (!charge && daysInWarehouse === null && freeStorageDaysLeft === null) return null;
  return (
    <section className="card package-charge" aria-labelledby="charge-heading">
      <h2 id="charge-heading">Tu cobro</h2>
      {charge && (
        <>
          <p className="package-charge__total">
            <span>Valor a pagar:</span> <strong>{formatUsd(charge.totalCents)}</strong>{' '}
            <span>({formatCop(charge.totalCop)})</span>
          </p>
          <p className="field__hint">
            Se paga al recibir el paquete en tu puerta. Los impuestos son un cálculo aproximado y pueden
            cambiar según lo que liquide la aduana.
          </p>
          <ChargeFigures charge={charge}>
            {charge.creditUsedCents > 0 && (
              <div>
                <dt>Crédito por referido</dt>
                <dd>−{formatUsd(charge.creditUsedCents)}</dd>
              </div>
            )}
          </ChargeFigures>
          <RecomputeCharge number={pkg.number} />
        </>
      )}
      {(daysInWarehouse !== null || freeStorageDaysLeft !== null) && (
        <dl className="charge-list">
          {daysInWarehouse !== null && (
            <div>
              <dt>Días en bodega</dt>
              <dd>{daysInWarehouse}</dd>
            </div>
          )}
          {freeStorageDaysLeft !== null && (
            <div className={freeStorageDaysLeft <= 0 ? 'charge-list__warning' : undefined}>
              <dt className="visually-hidden">Bodega gratis</dt>
              <dd>{storageLeft(freeStorageDaysLeft)}</dd>
            </div>
          )}
        </dl>
      )}
    </section>
  );
}
