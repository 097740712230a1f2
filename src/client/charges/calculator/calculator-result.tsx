// The calculator's figures ('Peso cobrable' … 'Total estimado', in USD and COP) and the rates they were made with,
// with the plain word that taxes are an estimate under the courier regime.
import type { Charge, ChargeSettings } from '../../../shared/charges/charge.ts';
import { formatCop, formatUsd } from '../../../shared/money.ts';
import { ChargeFigures } from '../charge-figures.tsx';
import { formatPercent, formatTrm } from '../rate-format.ts';

export function CalculatorResult({ charge }: { charge: Charge }) {
  return (
    <ChargeFigures charge={charge}>
      <div className="charge-list__total">
        <dt>Total estimado</dt>
        <dd>
          <span>{formatUsd(charge.totalCents)}</span> <span>({formatCop(charge.totalCop)})</span>
        </dd>
      </div>
    </ChargeFigures>
  );
}

export function RatesNote({ rates }: { rates: ChargeSettings }) {
  return (
    <section className="calculator__note" aria-labelledby="rates-heading">
      <h2 id="rates-heading">Cómo lo calculamos</h2>
      <ul>
        <li>
          Precio por libra: {formatUsd(rates.pricePerLbCents)}. Cobramos el mayor entre el peso real y el
          volumen (largo × ancho × alto ÷ {rates.volumetricDivisor}), en libras enteras y desde{' '}
          {rates.minWeightLb} lb.
        </li>
        <li>Seguro: {formatPercent(rates.insuranceBasisPoints)} del valor declarado.</li>
        <li>
          TRM: {formatTrm(rates.trmHundredths)} por dólar; los pesos se redondean hacia arriba a la centena.
        </li>
      </ul>
      <p>
        Los impuestos son un cálculo aproximado con el régimen de envíos urgentes: solo aplican cuando el
        valor declarado supera {formatUsd(rates.taxFreeThresholdCents)} (arancel{' '}
        {formatPercent(rates.tariffBasisPoints)} e IVA {formatPercent(rates.vatBasisPoints)}) y pueden cambiar
        según lo que liquide la aduana. El valor final se calcula al recibir tu paquete en nuestra bodega y se
        paga al recibirlo en tu casa.
      </p>
    </section>
  );
}
