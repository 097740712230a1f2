// An invoice's lines from a settlement (design/payments.md 'Lines and taxes'): one line per charge line of ours, each
// with the tax of the dated setting in force when it was settled, kept with the line; the customs taxes paid on the
// customer's behalf are not our income and stay apart ('Tributos aduaneros pagados por cuenta del cliente').
// Pure and total: it runs inside the settlement's transaction and must never refuse a sale.

/** The charge-line kinds invoiced as ours, with their words on the invoice; other kinds plug in by their setting. */
export const LINE_DESCRIPTIONS: Record<string, string> = {
  flete: 'Flete internacional',
  seguro: 'Seguro',
  consolidacion: 'Consolidación',
  reempaque: 'Reempaque',
  fotos: 'Fotos adicionales',
  devolucion: 'Devolución',
  almacenaje: 'Almacenaje',
};
/** The setting that applies to a kind without one of its own. */
export const OTHER_KIND = 'otros';

/** One line of a settlement's charge as it was frozen, in USD cents. */
export interface ChargeLine {
  kind: string;
  cents: number;
  description?: string;
}

/** The tax of a kind of line: IVA in basis points, or excluded from IVA (no IVA at all, ET art. 476). */
export interface LineTax {
  vatBasisPoints: number;
  excluded: boolean;
}

export interface InvoiceLine {
  kind: string;
  description: string;
  /** What the customer was charged for it, in whole pesos, IVA included. */
  grossCop: number;
  /** The referral or indemnity credit used on it. */
  discountCop: number;
  /** Taxable base and IVA of what remains after the discount (gross − discount = base + vat). */
  baseCop: number;
  vatBasisPoints: number;
  vatCop: number;
  excluded: boolean;
}

export interface InvoiceFigures {
  lines: InvoiceLine[];
  /** 'Tributos aduaneros pagados por cuenta del cliente': tariff and import VAT, not invoiced. */
  customsCop: number;
  /** What the invoice totals: the lines after discounts. */
  totalCop: number;
}

export interface InvoiceSource {
  lines: ChargeLine[];
  /** Tariff plus import VAT (USD cents). */
  customsCents: number;
  creditUsedCents: number;
  /** 'Valor a pagar' in pesos as settled (the charge rounds it up to hundreds of pesos). */
  dueCop: number;
  trmHundredths: number;
  taxOf: (kind: string) => LineTax;
}

const pesos = (cents: number, trmHundredths: number) => Math.round((cents * trmHundredths) / 10_000);

/** The invoice of a settlement. */
export function buildInvoiceFigures(source: InvoiceSource): InvoiceFigures {
  const { trmHundredths } = source;
  const charged = source.lines.filter((line) => line.cents > 0);
  const gross = charged.map((line) => pesos(line.cents, trmHundredths));
  const customsCop = pesos(source.customsCents, trmHundredths);
  let credit = Math.min(
    pesos(source.creditUsedCents, trmHundredths),
    gross.reduce((sum, value) => sum + value, 0),
  );
  // 'Valor a pagar' was rounded up to hundreds of pesos: that rounding is ours and goes on the first line, so the
  // invoice plus the customs taxes is what the customer paid.
  const rounding = source.dueCop - customsCop - (gross.reduce((sum, value) => sum + value, 0) - credit);
  if (gross.length > 0 && source.dueCop > 0 && rounding > 0 && rounding < 100 * gross.length)
    gross[0] = (gross[0] ?? 0) + rounding;
  const lines = charged.map((line, index): InvoiceLine => {
    const grossCop = gross[index] ?? 0;
    const discountCop = Math.min(credit, grossCop);
    credit -= discountCop;
    const tax = source.taxOf(line.kind);
    const net = grossCop - discountCop;
    const vatBasisPoints = tax.excluded ? 0 : tax.vatBasisPoints;
    const baseCop = Math.round((net * 10_000) / (10_000 + vatBasisPoints));
    return {
      kind: line.kind,
      description: line.description ?? LINE_DESCRIPTIONS[line.kind] ?? line.kind,
      grossCop,
      discountCop,
      baseCop,
      vatBasisPoints,
      vatCop: net - baseCop,
      excluded: tax.excluded,
    };
  });
  const totalCop = lines.reduce((sum, line) => sum + line.grossCop - line.discountCop, 0);
  return { lines, customsCop, totalCop };
}
