// The package's charge, made when the warehouse received it: 'Valor a pagar' in pesos ('COP') and dollars, as
// prominent as each other, with the TRM it was converted with and its day; the figures it came from, and why taxes
// apply when they do; and while it waits in Miami the days there and the free-storage countdown. Once delivered it
// was paid (the proof above says how): it reads 'Valor cobrado', and the lines it came from fold beneath it.
import { formatLongDate, formatNumericDay } from '../../../shared/dates.ts';
import { formatCop, formatUsd, taxReasonLine, trmLine } from '../../../shared/money.ts';
import type { PackageDetail } from '../../../shared/packages/api-types.ts';
import { payRefusal, payVerdict } from '../../../shared/packages/offers.ts';
import { paths } from '../../../shared/paths.ts';
import { BALANCE_LABEL, PAID_ONLINE_LABEL } from '../../../shared/payments/labels.ts';
import { onlinePaymentOn } from '../../app/app-config.ts';
import { Link } from '../../app/router.tsx';
import { ChargeFigures } from '../../charges/charge-figures.tsx';
import { PayOnline } from '../../payments/pay-online.tsx';
import { RecomputeCharge } from './recompute-charge.tsx';

function storageLeft(days: number): string {
  if (days <= 0) return 'Se acabaron los días de bodega gratis';
  return days === 1 ? 'Te queda 1 día de bodega gratis' : `Te quedan ${days} días de bodega gratis`;
}

/** Where the total came from: the TRM, the figures, why taxes apply; and the admin's 'Recalcular cobro'. */
function ChargeLines({
  number,
  charge,
  paid,
}: {
  number: number;
  charge: NonNullable<PackageDetail['charge']>;
  paid: boolean;
}) {
  return (
    <>
      <p className="package-charge__trm">{trmLine(charge.trmHundredths, formatNumericDay(charge.trmDate))}</p>
      {!paid && (
        <p className="field__hint">
          {onlinePaymentOn()
            ? 'Se paga al recibir el paquete en tu puerta, o antes, en línea.'
            : 'Se paga al recibir el paquete en tu puerta.'}{' '}
          Los impuestos son un cálculo aproximado y pueden cambiar según lo que liquide la aduana.
        </p>
      )}
      <ChargeFigures charge={charge}>
        {charge.lines.map((line) => (
          <div key={line.id}>
            <dt>{line.label}</dt>
            <dd>{formatUsd(line.amountCents)}</dd>
          </div>
        ))}
        {charge.creditUsedCents > 0 && (
          <div>
            <dt>Crédito por referido</dt>
            <dd>−{formatUsd(charge.creditUsedCents)}</dd>
          </div>
        )}
      </ChargeFigures>
      {charge.taxesCents > 0 && (
        <p className="package-charge__why field__hint">{taxReasonLine(charge.taxFreeThresholdCents)}</p>
      )}
      <RecomputeCharge number={number} />
    </>
  );
}

export function PackageCharge({ pkg }: { pkg: PackageDetail }) {
  const { charge, daysInWarehouse, freeStorageDaysLeft } = pkg;
  if (!charge && daysInWarehouse === null && freeStorageDaysLeft === null) return null;
  const paid = pkg.paid || pkg.state === 'entregado';
  // Paid, with lines stored since (a storage fee): what was paid, then the 'Saldo pendiente' still owed.
  const { balance } = pkg;
  return (
    <section className="card package-charge" aria-labelledby="charge-heading">
      <h2 id="charge-heading">Tu cobro</h2>
      {charge?.annulNote && <p className="package-charge__total">{charge.annulNote}</p>}
      {charge && !charge.annulNote && (
        <>
          <p className="package-charge__total">
            <span>
              {pkg.paidOnline ? `${PAID_ONLINE_LABEL}:` : paid ? 'Valor cobrado:' : 'Valor a pagar:'}
            </span>{' '}
            <strong>{formatCop(charge.totalCop - (balance?.cop ?? 0))} COP</strong>{' '}
            <span aria-hidden="true">·</span>{' '}
            <strong>{formatUsd(charge.totalCents - (balance?.cents ?? 0))}</strong>
          </p>
          {balance && (
            <p className="package-charge__total">
              <span>{BALANCE_LABEL}:</span> <strong>{formatCop(balance.cop)} COP</strong>{' '}
              <span aria-hidden="true">·</span> <strong>{formatUsd(balance.cents)}</strong>
            </p>
          )}
          {payVerdict(pkg) === 'pay' && <PayOnline numbers={[pkg.number]} label="Pagar en línea" />}
          {onlinePaymentOn() && payRefusal(pkg) && <p className="field__hint">{payRefusal(pkg)}</p>}
          {pkg.paidOnline && (
            <p>
              <Link to={paths.receipt(pkg.number)}>Comprobante de pago</Link>
            </p>
          )}
          {pkg.balancePaid && (
            <p>
              <Link to={paths.balanceReceipt(pkg.number)}>Comprobante de pago del saldo</Link>
            </p>
          )}
          {paid ? (
            <details className="package-charge__lines">
              <summary>Detalle del cobro</summary>
              <ChargeLines number={pkg.number} charge={charge} paid />
            </details>
          ) : (
            <ChargeLines number={pkg.number} charge={charge} paid={false} />
          )}
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
          {pkg.storage && (
            <div>
              <dt className="visually-hidden">Almacenaje</dt>
              <dd>
                {pkg.storage.days > 0
                  ? `Almacenaje: ${pkg.storage.days} ${pkg.storage.days === 1 ? 'día' : 'días'} × ${formatUsd(pkg.storage.rateCents)} (estimado: se cobra cuando sale en un despacho)`
                  : `Almacenaje gratis hasta el ${formatLongDate(pkg.storage.freeUntil)}`}
              </dd>
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
