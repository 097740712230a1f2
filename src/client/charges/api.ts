// The charges API (src/server/charges/routes.ts) as the screens call it: the public rates, 'Tus referidos', and
// the admin's 'Tarifas'. Plain request.ts calls, so the public calculator's chunk carries no query library.
import type {
  ChargeRecomputed,
  RateHistory,
  Rates,
  RatesSaved,
  Referrals,
} from '../../shared/charges/api-types.ts';
import { api } from '../app/request.ts';

export type { RateHistory, Rates, Referrals } from '../../shared/charges/api-types.ts';

/** POST /api/admin/rates: the date and the values as typed ('2.50'), keyed by RATE_FIELDS. */
export interface RatesBody {
  effectiveFrom: string;
  values: Record<string, string>;
}

let publicRates: Promise<Rates> | null = null;

/** The rates in force, asked once per visit of the app; a failure is forgotten so a retry asks again. */
export function getRates(): Promise<Rates> {
  if (!publicRates) {
    // Revalidated with the server rather than taken from the browser's HTTP cache (the answer may be cached for
    // minutes), so new rates show on the next visit.
    publicRates = api.get<Rates>('/api/rates', { cache: 'no-cache', allowUnauthenticated: true });
    publicRates.catch(() => {
      publicRates = null;
    });
  }
  return publicRates;
}

/** After the admin saved new rates, the calculator of this tab reads them again. */
export function forgetRates() {
  publicRates = null;
}

/** The query keys of what the charges API caches: 'Tus referidos', the rates in force and the admin's history. */
export const chargeKeys = {
  referrals: ['referrals'] as const,
  /** The rates in force, for a signed-in screen that quotes one (getRates() underneath). */
  rates: ['rates'] as const,
  history: ['admin', 'rates'] as const,
};

export const getReferrals = (signal?: AbortSignal) => api.get<Referrals>('/api/me/referrals', { signal });

export const getRateHistory = (signal?: AbortSignal) => api.get<RateHistory>('/api/admin/rates', { signal });

export const saveRates = (body: RatesBody) => api.post<RatesSaved>('/api/admin/rates', body);

/** 'Recalcular cobro' of one package (admins): its charge computed again with the rates of the day it was received. */
export const recomputeCharge = (number: number) =>
  api.post<ChargeRecomputed>(`/api/admin/packages/${number}/charge`);
