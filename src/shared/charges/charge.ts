// The charge of a package (design/packages.md 'Charges'): pure integer arithmetic on cents, hundredths of a pound,
// tenths of an inch and basis points, so the calculator, the warehouse and the tests agree to the cent. No floats, no
// allocation but the result.

/** The rates in force, in integer units (the admin's 'Tarifas' screen edits them as decimals). */
export interface ChargeSettings {
  /** 'Precio por libra (USD)', in cents. */
  pricePerLbCents: number;
  /** 'Peso mínimo (lb)', whole pounds. */
  minWeightLb: number;
  /** 'Divisor volumétrico' (in³ per lb). */
  volumetricDivisor: number;
  /** 'Seguro (%)' of the declared value, in basis points (2 % = 200). */
  insuranceBasisPoints: number;
  /** 'TRM (COP por USD)', in hundredths of a peso (4000 = 400000). */
  trmHundredths: number;
  /** 'Días de bodega gratis'. */
  freeStorageDays: number;
  /** 'Crédito por referido (USD)', in cents. */
  referralCreditCents: number;
  /** 'Umbral sin impuestos (USD)', in cents: taxes apply to values over it. */
  taxFreeThresholdCents: number;
  /** 'Arancel (%)', in basis points. */
  tariffBasisPoints: number;
  /** 'IVA (%)', in basis points. */
  vatBasisPoints: number;
}

export const DEFAULT_CHARGE_SETTINGS: ChargeSettings = {
  pricePerLbCents: 250,
  minWeightLb: 1,
  volumetricDivisor: 166,
  insuranceBasisPoints: 200,
  trmHundredths: 400_000,
  freeStorageDays: 30,
  referralCreditCents: 500,
  taxFreeThresholdCents: 20_000,
  tariffBasisPoints: 1000,
  vatBasisPoints: 1900,
};

export interface ChargeInput {
  /** Weight in hundredths of a pound (4 lb = 400). */
  weightHundredthsLb: number;
  /** Length, width and height in tenths of an inch; null when not measured. */
  measuresTenthsIn: readonly [number, number, number] | null;
  declaredValueCents: number;
  /** Referral credit available to the customer, in cents (0 by default). */
  creditCents?: number;
}

export interface Charge {
  chargeableLb: number;
  freightCents: number;
  insuranceCents: number;
  tariffCents: number;
  vatCents: number;
  taxesCents: number;
  /** Freight + insurance + taxes, before any credit. */
  subtotalCents: number;
  creditUsedCents: number;
  /** 'Valor a pagar' in USD cents. */
  totalCents: number;
  /** 'Valor a pagar' in whole pesos, rounded up to 100. */
  totalCop: number;
}

/** a × basis points, to the nearest cent, half up (all operands are non-negative integers). */
const percentOf = (cents: number, basisPoints: number) => Math.floor((cents * basisPoints + 5000) / 10000);

/** ⌈a ÷ b⌉ for non-negative integers. */
/** The figures a charge is stored and explained with, line by line (its total apart). */
export const chargeFigures = ({
  chargeableLb,
  freightCents,
  insuranceCents,
  tariffCents,
  vatCents,
  creditUsedCents,
}: Pick<
  Charge,
  'chargeableLb' | 'freightCents' | 'insuranceCents' | 'tariffCents' | 'vatCents' | 'creditUsedCents'
>) => ({ chargeableLb, freightCents, insuranceCents, tariffCents, vatCents, creditUsedCents });

export const divideUp = (a: number, b: number) => Math.floor((a + b - 1) / b);

/** The pounds a charge weighs: actual and volumetric, each rounded up, and the one charged (the largest, or the minimum). */
export function poundsOf(
  input: Pick<ChargeInput, 'weightHundredthsLb' | 'measuresTenthsIn'>,
  settings: Pick<ChargeSettings, 'volumetricDivisor' | 'minWeightLb'>,
) {
  const actualLb = divideUp(input.weightHundredthsLb, 100);
  let volumetricLb = 0;
  if (input.measuresTenthsIn) {
    const [length, width, height] = input.measuresTenthsIn;
    // Tenths of an inch cubed are thousandths of a cubic inch.
    volumetricLb = divideUp(length * width * height, 1000 * settings.volumetricDivisor);
  }
  return { actualLb, volumetricLb, chargeableLb: Math.max(actualLb, volumetricLb, settings.minWeightLb) };
}

export function computeCharge(input: ChargeInput, settings: ChargeSettings): Charge {
  const { chargeableLb } = poundsOf(input, settings);
  const freightCents = chargeableLb * settings.pricePerLbCents;
  const insuranceCents = percentOf(input.declaredValueCents, settings.insuranceBasisPoints);
  let tariffCents = 0;
  let vatCents = 0;
  if (input.declaredValueCents > settings.taxFreeThresholdCents) {
    const base = input.declaredValueCents + freightCents + insuranceCents;
    tariffCents = percentOf(base, settings.tariffBasisPoints);
    vatCents = percentOf(base + tariffCents, settings.vatBasisPoints);
  }
  const taxesCents = tariffCents + vatCents;
  const subtotalCents = freightCents + insuranceCents + taxesCents;
  const creditUsedCents = Math.min(Math.max(0, input.creditCents ?? 0), subtotalCents);
  const totalCents = subtotalCents - creditUsedCents;
  // cents × (hundredths of a peso per dollar) = 10⁻⁴ pesos; up to the next 100 pesos (10⁶ of those units).
  const totalCop = divideUp(totalCents * settings.trmHundredths, 1_000_000) * 100;
  return {
    chargeableLb,
    freightCents,
    insuranceCents,
    tariffCents,
    vatCents,
    taxesCents,
    subtotalCents,
    creditUsedCents,
    totalCents,
    totalCop,
  };
}
