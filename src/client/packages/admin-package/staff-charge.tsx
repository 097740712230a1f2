// 'Cobro' as staff read it: each figure beside what it came from (design/packages.md 'Charges'): the weight and
// measures the warehouse typed, the rates in force the day it was received, each line's arithmetic, the credit used,
// and 'Valor a pagar' in USD and COP with the TRM; then when it was computed and by whom.

import { formatLocalDate, formatLocalDateTime } from '../../../shared/dates.ts';
import { factIf } from '../../../shared/facts.ts';
import { formatCop, formatUsd } from '../../../shared/money.ts';
import { formatNumber } from '../../components/format.ts';
import type { StaffChargeBasis } from '../operations-api.ts';

/** 200 basis points → '2 %', 1950 → '19,5 %'. */
const percent = (basisPoints: number) => `${formatNumber(basisPoints / 100)} %`;
/** The TRM in hundredths of a peso → '$ 4.000' (or '$ 4.012,50'). */
const trm = (hundredths: number) =>
  `${formatCop(Math.floor(hundredths / 100))}${hundredths % 100 ? `,${String(hundredths % 100).padStart(2, '0')}` : ''}`;
const pounds = (lb: number) => `${formatNumber(lb)} lb`;

export function StaffCharge({ charge }: { charge: StaffChargeBasis | null }) {
  return (
    <section className="card" aria-labelledby="staff-charge-heading">
      <h2 id="staff-charge-heading">Cobro</h2>
      {charge ? (
        <ChargeLines charge={charge} />
      ) : (
        <p>Sin cobro: se calcula cuando la bodega recibe el paquete.</p>
      )}
    </section>
  );
}

function ChargeLines({ charge }: { charge: StaffChargeBasis }) {
  const { rates } = charge;
  const taxed = charge.declaredValueCents > rates.taxFreeThresholdCents;
  const base = charge.declaredValueCents + charge.freightCents + charge.insuranceCents;
  const taxes: Array<[string, string]> = taxed
    ? [
        [
          `Arancel (${percent(rates.tariffBasisPoints)} de ${formatUsd(base)}: valor, flete y seguro)`,
          formatUsd(charge.tariffCents),
        ],
        [
          `IVA (${percent(rates.vatBasisPoints)} de ${formatUsd(base + charge.tariffCents)})`,
          formatUsd(charge.vatCents),
        ],
      ]
    : [[`Impuestos (el valor declarado no supera ${formatUsd(rates.taxFreeThresholdCents)})`, formatUsd(0)]];
  const lines: Array<[string, string]> = [
    ['Peso', `${pounds(charge.weightLb)} → ${pounds(charge.actualLb)}`],
    ...factIf(
      charge.measuresIn,
      `Peso volumétrico (${charge.measuresIn?.map(formatNumber).join(' × ')} in ÷ ${rates.volumetricDivisor})`,
      pounds(charge.volumetricLb),
    ),
    [`Peso cobrable (el mayor, mínimo ${pounds(rates.minWeightLb)})`, pounds(charge.chargeableLb)],
    [
      `Flete (${pounds(charge.chargeableLb)} × ${formatUsd(rates.pricePerLbCents)})`,
      formatUsd(charge.freightCents),
    ],
    [
      `Seguro (${percent(rates.insuranceBasisPoints)} de ${formatUsd(charge.declaredValueCents)} declarados)`,
      formatUsd(charge.insuranceCents),
    ],
    ...taxes,
    ...charge.lines.map((line): [string, string] => [
      `${line.label} (${line.quantity} × ${formatUsd(line.rateCents)})`,
      formatUsd(line.amountCents),
    ]),
    [
      `Crédito por referido (disponible ${formatUsd(charge.creditAvailableCents)})`,
      charge.creditUsedCents > 0 ? `−${formatUsd(charge.creditUsedCents)}` : formatUsd(0),
    ],
  ];
  return (
    <>
      <dl className="charge-list">
        {lines.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
        <div className="charge-list__total">
          <dt>Valor a pagar</dt>
          <dd>
            <span>{formatUsd(charge.totalCents)}</span> <span>({formatCop(charge.totalCop)})</span>
          </dd>
        </div>
      </dl>
      <p className="field__hint">
        TRM {trm(rates.trmHundredths)}, pesos redondeados hacia arriba a 100. Tarifas
        {charge.ratesFrom
          ? ` vigentes desde el ${formatLocalDate(charge.ratesFrom)}`
          : ' del día de recepción'}
        . Calculado el {formatLocalDateTime(charge.computedAt)}
        {charge.computedBy ? ` por ${charge.computedBy}` : ''}.
      </p>
    </>
  );
}
