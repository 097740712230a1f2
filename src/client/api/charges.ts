// The charges API (src/server/charges/routes.ts) as the screens call it: the public rates, 'Tus referidos', and
// the admin's 'Tarifas'. Plain request.ts calls, so the public calculator's chunk carries no query library.
import type { ChargeSettings } from '../../shared/charges/charge.ts';
import { messages } from '../../shared/messages.ts';
import { api, RequestError } from './request.ts';

/** A set of rates as the server sends it: its id, the instant it applies from (ISO) and its integer settings. */
export interface Rates extends ChargeSettings {
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

/** POST /api/admin/rates: the date and the values as typed ('2.50'), keyed as RATE_FIELDS. */
export interface RatesBody {
  effectiveFrom: string;
  values: Record<string, string>;
}

let publicRates: Promise<Rates> | null = null;

/**
 * GET /api/rates, revalidated with the server rather than taken from the browser's HTTP cache (the answer may be
 * cached for minutes), so new rates show on the next visit; errors as request.ts words them.
 */
async function fetchRates(): Promise<Rates> {
  let response: Response;
  try {
    response = await fetch('/api/rates', { cache: 'no-cache', credentials: 'same-origin' });
  } catch {
    throw new RequestError(0, 'network', messages.networkError);
  }
  if (!response.ok) throw new RequestError(response.status, 'unknown', messages.serverError);
  return (await response.json()) as Rates;
}

/** The rates in force, asked once per visit of the app; a failure is forgotten so a retry asks again. */
export function getRates(): Promise<Rates> {
  if (!publicRates) {
    publicRates = fetchRates();
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

export const getReferrals = (signal?: AbortSignal) => api.get<Referrals>('/api/me/referrals', { signal });

export const rateKeys = { history: ['admin', 'rates'] as const };

export const getRateHistory = (signal?: AbortSignal) => api.get<RateHistory>('/api/admin/rates', { signal });

export const saveRates = (body: RatesBody) =>
  api.post<{ rates: Rates; message: string }>('/api/admin/rates', body);
