// 'Saldo pendiente' as the screens draw it (drawn to HTML in Node, as the courier's screen is on the server): the
// courier's stop shows the balance to collect, and 'Pagado: no cobrar' exactly when nothing is left; the customer's
// card in 'Mis paquetes' and the package's 'Tu cobro' show it in pesos and dollars beside what was paid online.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import type { PackageDetail, PackageSummary } from '../../shared/packages/api-types.ts';
import { StopValue } from '../delivery/courier-route/stop-value.tsx';
import { PackageCharge } from './package/package-charge.tsx';
import { PackageCards } from './packages/package-rows.tsx';

const text = (node: ReactNode) =>
  renderToStaticMarkup(
    <Router ssrPath="/paquetes">
      <QueryClientProvider client={new QueryClient()}>{node}</QueryClientProvider>
    </Router>,
  )
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ');

const paidOnline = {
  number: 100001,
  guide: 'TBA123',
  carrier: null,
  store: 'Tienda',
  content: 'Zapatos',
  state: 'en_reparto',
  declaredValueCents: 5000,
  createdAt: '2026-11-01T12:00:00.000Z',
  updatedAt: '2026-11-01T12:00:00.000Z',
  toPay: { cents: 2650, cop: 106_000 },
  paid: true,
  paidOnline: true,
  balance: { cents: 650, cop: 26_000 },
  openRequest: null,
  dispatchId: null,
} satisfies Partial<PackageDetail>;

describe("'Saldo pendiente' on the screens", () => {
  it("shows the courier the balance to collect, and 'Pagado: no cobrar' only when nothing is left", () => {
    expect(text(<StopValue stop={{ paidOnline: true, valueToPayCop: 26_000 }} />)).toContain(
      'Saldo pendiente $ 26.000',
    );
    const paid = text(<StopValue stop={{ paidOnline: true, valueToPayCop: 0 }} />);
    expect(paid).toContain('Pagado: no cobrar');
    expect(paid).not.toContain('Saldo pendiente');
    expect(text(<StopValue stop={{ paidOnline: false, valueToPayCop: 106_000 }} />)).toContain(
      'Valor a pagar $ 106.000',
    );
  });

  it("shows the customer's card the balance in pesos and dollars instead of only 'Pagado en línea'", () => {
    const card = (pkg: PackageSummary) =>
      text(
        <PackageCards
          packages={[pkg]}
          busy={false}
          chosen={new Set()}
          onToggle={() => {}}
          waiting={[]}
          selection={null}
        />,
      );
    expect(card(paidOnline)).toContain('Saldo pendiente: $ 26.000 COP · US$ 6,50');
    expect(card({ ...paidOnline, balance: null })).toContain('Pagado en línea');
    expect(card({ ...paidOnline, balance: null })).not.toContain('Saldo pendiente');
    // Issue 47: a package paid at the door says what was paid, never 'Valor a pagar'.
    const atTheDoor = { ...paidOnline, state: 'entregado' as const, paidOnline: false, balance: null };
    expect(card(atTheDoor)).toContain('Pagado: $ 106.000 COP · US$ 26,50');
    expect(card(atTheDoor)).not.toContain('Valor a pagar');
    expect(card({ ...atTheDoor, state: 'recibido', paid: false })).toContain('Valor a pagar: $ 106.000 COP');
  });

  it("shows 'Tu cobro' what was paid online and the balance left, and the balance's receipt once paid", () => {
    const charge: NonNullable<PackageDetail['charge']> = {
      chargeableLb: 4,
      freightCents: 2000,
      insuranceCents: 0,
      taxesCents: 0,
      creditUsedCents: 0,
      lines: [],
      totalCents: 2650,
      totalCop: 106_000,
      annulNote: null,
      trmHundredths: 400_000,
      taxFreeThresholdCents: 20_000,
      trmDate: '2026-11-01',
    };
    const pkg = {
      ...paidOnline,
      charge,
      balancePaid: false,
      daysInWarehouse: null,
      freeStorageDaysLeft: null,
      storage: null,
    };
    const owing = text(<PackageCharge pkg={pkg as unknown as PackageDetail} />);
    expect(owing).toContain('Pagado en línea: $ 80.000 COP · US$ 20,00');
    expect(owing).toContain('Saldo pendiente: $ 26.000 COP · US$ 6,50');
    const settled = text(
      <PackageCharge pkg={{ ...pkg, balance: null, balancePaid: true } as unknown as PackageDetail} />,
    );
    expect(settled).toContain('Pagado en línea: $ 106.000 COP');
    expect(settled).not.toContain('Saldo pendiente:');
    expect(settled).toContain('Comprobante de pago del saldo');
  });
});
