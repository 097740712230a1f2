// What the charges API answers (src/server/charges/routes.ts): the rates, 'Tus referidos' and 'Tarifas'. Types
// only: the browser and the server read the same shapes.
import type { Charge, ChargeSettings } from './charge.ts';
import type { FeeSettings } from './charge-lines.ts';

/** A set of rates (GET /api/rates): its id, the instant it applies from (ISO) and its integer settings. */
export interface Rates extends ChargeSettings, FeeSettings {
  id: number;
  effectiveFrom: string;
}

/** GET /api/me/referrals */
export interface Referrals {
  registered: number;
  shipped: number;
  creditCents: number;
}

/** GET /api/admin/rates: the set in force now and every set, newest first. */
export interface RateHistory {
  currentId: number;
  history: Rates[];
}

/** POST /api/admin/rates */
export interface RatesSaved {
  rates: Rates;
  message: string;
}

/** POST /api/admin/packages/:number/charge: the charge computed again with the rates of the day of receipt. */
export interface ChargeRecomputed {
  charge: Charge;
  message: string;
}
