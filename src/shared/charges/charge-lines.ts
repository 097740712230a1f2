// The fees a package's charge can carry beyond freight, insurance and taxes
// (design/requests.md 'Charges, line by line'): one stored line per fee, in integer cents with the rate it used. The
// kinds are stable names: settlements freeze them and invoices read them, so a kind is only ever added, never renamed.
import { divideUp } from './charge.ts';

export const CHARGE_LINE_KINDS = ['consolidacion', 'reempaque', 'fotos', 'devolucion', 'almacenaje'] as const;
export type ChargeLineKind = (typeof CHARGE_LINE_KINDS)[number];

/** The words the charge shows for each line. */
export const CHARGE_LINE_LABELS: Record<ChargeLineKind, string> = {
  consolidacion: 'Consolidación',
  reempaque: 'Reempaque',
  fotos: 'Fotos adicionales',
  devolucion: 'Devolución',
  almacenaje: 'Almacenaje',
};

/** The fee rates of 'Tarifas', dated like every rate (integer cents, whole days). */
export interface FeeSettings {
  /** 'Consolidación (USD)', a request. */
  consolidationFeeCents: number;
  /** 'Reempaque (USD)', a package. */
  repackFeeCents: number;
  /** 'Fotos adicionales (USD)', a package. */
  photosFeeCents: number;
  /** 'Devolución (USD)', a package. */
  returnFeeCents: number;
  /** 'Almacenaje por día (USD)', a package a day after the free days. */
  storagePerDayCents: number;
  /** 'Días máximos en bodega': after them the package is flagged 'Abandono'. */
  maxStorageDays: number;
}

export const DEFAULT_FEE_SETTINGS: FeeSettings = {
  consolidationFeeCents: 500,
  repackFeeCents: 300,
  photosFeeCents: 200,
  returnFeeCents: 400,
  storagePerDayCents: 50,
  maxStorageDays: 90,
};

/** Cents of USD in whole pesos at a TRM (hundredths of a peso per dollar), up to the next 100 as a charge does. */
export function centsToCop(cents: number, trmHundredths: number): number {
  return divideUp(cents * trmHundredths, 1_000_000) * 100;
}

/** One line of a charge as screens and invoices read it. */
export interface ChargeLine {
  id: number;
  kind: ChargeLineKind;
  label: string;
  amountCents: number;
  amountCop: number;
  /** The unit rate it used (cents) and how many units (packages or days). */
  rateCents: number;
  quantity: number;
  requestId: number | null;
}
