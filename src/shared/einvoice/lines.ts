// An invoice's lines from a settlement (design/payments.md 'Lines and taxes'): one line per charge line of ours, each
// with the tax of the dated setting in force when it was settled, kept with the line; the customs taxes paid on the
// customer's behalf are not our income and stay apart ('Tributos aduaneros pagados por cuenta del cliente'). Each
// line is in the pesos the customer was charged for it: a fee line in its own pesos, only the charge's own parts
// (freight, insurance, customs, credit) converted at the charge's TRM.
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
  /** The pesos it was charged in (a fee line, at its own TRM); absent for the charge's parts, at the charge's TRM. */
  cop?: number;
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
  /** 'Valor a pagar' in pesos as settled: the charge (rounded up to hundreds of pesos) plus its fee lines' pesos. */
  dueCop: number;
  /** The charge's TRM: its own parts only, never a fee line that carries its pesos. */
  trmHundredths: number;
  taxOf: (kind: string) => LineTax;
}

const pesos = (cents: number, trmHundredths: number) => Math.round((cents * trmHundredths) / 10_000);
const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

/**
 * The most the charge's rounding can be: up to the next 100 pesos, and a peso or two from rounding its parts one by
 * one. A difference beyond it is no rounding (a charge settled at zero with credit) and is left alone.
 */
const ROUNDING_LIMIT = 200;

/** The invoice of a settlement. */
export function buildInvoiceFigures(source: InvoiceSource): InvoiceFigures {
  const { trmHundredths } = source;
  const charged = source.lines.filter((line) => line.cents > 0 || (line.cop ?? 0) > 0);
  const gross = charged.map((line) => line.cop ?? pesos(line.cents, trmHundredths));
  // The charge's own parts (freight, insurance): the credit and the charge's rounding are theirs alone.
  const own = charged.flatMap((line, index) => (line.cop === undefined ? [index] : []));
  const ownGross = () => sum(own.map((index) => gross[index] ?? 0));
  const feesCop = sum(charged.map((line, index) => (line.cop === undefined ? 0 : (gross[index] ?? 0))));
  const customsCop = pesos(source.customsCents, trmHundredths);
  let credit = Math.min(pesos(source.creditUsedCents, trmHundredths), ownGross());
  // The charge's 'Valor a pagar' was rounded up to hundreds of pesos: that rounding is ours and goes on its first
  // line, so the invoice plus the customs taxes is what the customer paid.
  const chargeDueCop = source.dueCop - feesCop;
  const rounding = chargeDueCop - customsCop - (ownGross() - credit);
  const [first] = own;
  if (first !== undefined && chargeDueCop > 0 && Math.abs(rounding) < ROUNDING_LIMIT)
    gross[first] = Math.max(0, (gross[first] ?? 0) + rounding);
  credit = Math.min(credit, ownGross());
  const lines = charged.map((line, index): InvoiceLine => {
    const grossCop = gross[index] ?? 0;
    const discountCop = line.cop === undefined ? Math.min(credit, grossCop) : 0;
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
