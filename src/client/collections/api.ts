// The money API (src/server/collections and the close in src/server/delivery) as the screens call it: a route's
// cash and 'Cerrar ruta' with its count, an admin's correction of a locked collection, 'Recaudos' for a range of
// days with its CSV, 'Importar liquidación', and the customer's 'Comprobante de pago'; with the query keys.
import type * as Api from '../../shared/collections/api-types.ts';
import type { CashCloseForm, CollectionCorrectionForm } from '../../shared/collections/forms.ts';
import { api, upload } from '../app/request.ts';
import { routeKeys } from '../delivery/routes-api.ts';
import { useLiveRefresh } from '../packages/live.ts';

export type CollectionEntry = Api.CollectionEntry;
export type MeansTotal = Api.MeansTotal;
export type PaymentReceipt = Api.PaymentReceipt;
export type Recaudos = Api.Recaudos;
export type RecaudosFigures = Api.RecaudosFigures;
export type RemittanceImported = Api.RemittanceImported;
export type RouteCash = Api.RouteCash;
export type RouteClosed = Api.RouteClosed;

/** A range of Colombia days, both included ('YYYY-MM-DD'). */
export interface DayRange {
  from: string;
  to: string;
}

export const collectionKeys = {
  all: ['admin', 'recaudos'] as const,
  range: (range: DayRange) => ['admin', 'recaudos', range.from, range.to] as const,
  late: ['admin', 'recaudos', 'late'] as const,
  /** Under the route's own key, so the route stream and a change of the route read it again too. */
  routeCash: (id: string) => [...routeKeys.route(id), 'cash'] as const,
  receipt: (number: string, search: string) => ['packages', 'receipt', number, search] as const,
};

const ROUTES = '/api/admin/delivery/routes';
const RECAUDOS = '/api/admin/recaudos';
const oneRoute = (id: number | string) => `${ROUTES}/${encodeURIComponent(String(id))}`;
const onePackage = (number: number | string) => `/api/packages/${encodeURIComponent(String(number))}`;
const rangeQuery = (range: DayRange) =>
  new URLSearchParams({ desde: range.from, hasta: range.to }).toString();

/** The route's money: the live sums before 'Cerrar ruta', the stored close after it. */
export const getRouteCash = (id: string, signal?: AbortSignal) =>
  api.get<Api.RouteCash>(`${oneRoute(id)}/cash`, { signal });

/** 'Cerrar ruta' (admin only) with 'Efectivo entregado' and, when anything differs, 'Observación'. */
export const closeRoute = (id: number, form: CashCloseForm) =>
  api.post<Api.RouteClosed>(`${oneRoute(id)}/close`, form);

/** An admin's correction of a locked collection, with its note. */
export const correctCollection = (id: number, form: CollectionCorrectionForm) =>
  api.post<Api.CollectionCorrected>(`${RECAUDOS}/collections/${id}/corrections`, form);

export const getRecaudos = (range: DayRange, signal?: AbortSignal) =>
  api.get<Api.Recaudos>(`${RECAUDOS}?${rangeQuery(range)}`, { signal });

/** 'Descargar CSV': one line per collection of the range. */
export const recaudosCsvUrl = (range: DayRange) => `${RECAUDOS}.csv?${rangeQuery(range)}`;

/**
 * 'Importar liquidación': the carrier's CSV as the raw body. A file that fails the whole check is a RequestError
 * whose `details.problems` lists what to fix (nothing applied).
 */
export const importRemittance = (file: Blob) =>
  upload<Api.RemittanceImported>(`${RECAUDOS}/remittances`, file, {
    method: 'POST',
    contentType: 'text/csv',
  });

/** Deliveries synced after their route's close that wait for an admin ('Registradas después del cierre'). */
export const getLateDeliveries = (signal?: AbortSignal) =>
  api.get<Api.LateDeliveries>(`${RECAUDOS}/late`, { signal });

/** 'Liquidar' a late delivery: the cash counted for it and, when it differs, 'Observación'. */
export const settleLateDelivery = (id: number, form: CashCloseForm) =>
  api.post<Api.LateDeliverySettled>(`${RECAUDOS}/collections/${id}/late-count`, form);

/** 'Comprobante de pago' (its owner or an admin). */
export const getReceipt = (number: string, search: string, signal?: AbortSignal) =>
  api.get<Api.PaymentReceipt>(`${onePackage(number)}/receipt${search}`, { signal });

/** While 'Recaudos' is mounted and `enabled`, any route's change (a delivery, a close) reads its figures again. */
export function useRecaudosLiveUpdates(enabled: boolean): void {
  useLiveRefresh({
    url: '/api/admin/delivery/events',
    event: 'route-changed',
    queryKey: collectionKeys.all,
    enabled,
  });
}
