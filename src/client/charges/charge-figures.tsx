// The figures of a charge as both the calculator and a package's page show them: 'Peso cobrable', 'Flete',
// 'Seguro', 'Impuestos estimados', then whatever each screen adds (the credit, the total) as children.
import type { ReactNode } from 'react';
import { formatUsd } from '../../shared/money.ts';

export interface ChargeFiguresValues {
  chargeableLb: number;
  freightCents: number;
  insuranceCents: number;
  taxesCents: number;
}

export function ChargeFigures({ charge, children }: { charge: ChargeFiguresValues; children?: ReactNode }) {
  return (
    <dl className="charge-list">
      <div>
        <dt>Peso cobrable</dt>
        <dd>{charge.chargeableLb} lb</dd>
      </div>
      <div>
        <dt>Flete</dt>
        <dd>{formatUsd(charge.freightCents)}</dd>
      </div>
      <div>
        <dt>Seguro</dt>
        <dd>{formatUsd(charge.insuranceCents)}</dd>
      </div>
      <div>
        <dt>Impuestos estimados</dt>
        <dd>{formatUsd(charge.taxesCents)}</dd>
      </div>
      {children}
    </dl>
  );
}
