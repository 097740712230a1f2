// The operations API for admins (src/server/packages/board-routes.ts, src/server/dispatches/routes.ts): the
// 'Paquetes' board, 'Cambiar estado', 'Importar estados' and the dispatches, with the query keys that cache them.
// A refusal (409) becomes a RefusedError carrying its list of packages and reasons.

import type {
  BoardPage,
  DispatchChanged,
  DispatchDetail,
  DispatchList,
  Refusal,
  StaffPackage,
  StatesChanged,
} from '../../shared/operations/api-types.ts';
import type { DispatchState, ImportResult } from '../../shared/packages/operations.ts';
import { api, RequestError, upload } from '../app/request.ts';
import { useLiveRefresh } from './live.ts';

export type {
  BoardPage,
  BoardRow,
  DispatchDetail,
  DispatchPackage,
  DispatchSummary,
  Refusal,
  StaffChargeBasis,
  StaffPackage,
  StaffPackageEvent,
} from '../../shared/operations/api-types.ts';

export interface BoardFilters {
  q: string;
  /** A state code, or '' for every state. */
  estado: string;
  page: number;
}

/** POST /api/admin/packages/state */
export interface StateChangeBody {
  numbers: number[];
  state: string;
  note: string;
  carrier: string;
  carrierGuide: string;
  receivedBy: string;
  correction: boolean;
}

export interface DispatchForm {
  masterAwb: string;
  airline: string;
  flightDate: string;
  numbers: number[];
}

/** A 409 whose answer lists the packages refused and why; nothing was changed. */
export class RefusedError extends RequestError {
  constructor(
    status: number,
    code: string,
    message: string,
    readonly refused: Refusal[],
  ) {
    super(status, code, message);
  }
}

export const operationKeys = {
  board: ['admin', 'packages'] as const,
  boardPage: (filters: BoardFilters) => ['admin', 'packages', filters] as const,
  dispatches: ['admin', 'dispatches'] as const,
  dispatch: (id: string) => ['admin', 'dispatches', id] as const,
  /** Under the board's key: whatever reads the board again reads the package's view again too. */
  package: (number: string) => ['admin', 'packages', 'view', number] as const,
};

const isRefusal = (value: unknown): value is Refusal =>
  typeof value === 'object' &&
  value !== null &&
  'number' in value &&
  typeof value.number === 'number' &&
  'reason' in value &&
  typeof value.reason === 'string';

/** The packages a failed request's answer lists as refused, and why (`details.refused`); null when none. */
export function refusalsOf(error: unknown): Refusal[] | null {
  const refused = error instanceof RequestError ? error.details?.refused : undefined;
  return Array.isArray(refused) ? refused.filter(isRefusal) : null;
}

/** A refusal keeps its list of packages and reasons; any other error passes unchanged. */
function refusalOf(error: unknown): unknown {
  const refused = refusalsOf(error);
  if (!(error instanceof RequestError) || !refused) return error;
  return new RefusedError(error.status, error.code, error.message, refused);
}

/** POSTs a JSON body and reads the answer; a refusal keeps its list. */
const post = <T>(path: string, body: unknown): Promise<T> =>
  api.post<T>(path, body).catch((error: unknown) => Promise.reject(refusalOf(error)));

function filterQuery(filters: { q: string; estado: string }, page?: number): string {
  const query = new URLSearchParams();
  if (filters.q) query.set('q', filters.q);
  if (filters.estado) query.set('estado', filters.estado);
  if (page && page > 1) query.set('page', String(page));
  const text = query.toString();
  return text ? `?${text}` : '';
}

export const getBoard = (filters: BoardFilters, signal?: AbortSignal) =>
  api.get<BoardPage>(`/api/admin/packages${filterQuery(filters, filters.page)}`, { signal });

/** 'Descargar CSV': the board with the filters on screen. */
export const boardCsvUrl = (filters: { q: string; estado: string }) =>
  `/api/admin/packages/csv${filterQuery(filters)}`;

export const changeStates = (body: StateChangeBody) => post<StatesChanged>('/api/admin/packages/state', body);

/** 'Importar estados': the file as the raw body; the server reads it in CSV whatever its name says. */
export const importStates = (file: Blob) =>
  upload<ImportResult>('/api/admin/packages/import', file, { method: 'POST', contentType: 'text/csv' });

export const listDispatches = (signal?: AbortSignal) =>
  api.get<DispatchList>('/api/admin/dispatches', { signal });

const oneDispatch = (id: string | number) => `/api/admin/dispatches/${encodeURIComponent(String(id))}`;

export const getDispatch = (id: string, signal?: AbortSignal) =>
  api.get<DispatchDetail>(oneDispatch(id), { signal });

export const createDispatch = (form: DispatchForm) => post<DispatchChanged>('/api/admin/dispatches', form);

export const addToDispatch = (id: number, numbers: number[]) =>
  post<DispatchChanged>(`${oneDispatch(id)}/packages`, { numbers });

export const removeFromDispatch = (id: number, numbers: number[]) =>
  post<DispatchChanged>(`${oneDispatch(id)}/packages/remove`, { numbers });

export const moveDispatch = (id: number, state: DispatchState) =>
  post<DispatchChanged>(`${oneDispatch(id)}/state`, { state });

export const manifestUrl = (id: number) => `${oneDispatch(id)}/manifest`;

/** The staff's view of one package (/admin/paquetes/:number). */
export const getStaffPackage = (number: string, signal?: AbortSignal) =>
  api.get<StaffPackage>(`/api/admin/packages/${encodeURIComponent(number)}`, { signal });

/**
 * While the staff's view of package `number` is mounted and `enabled`, any change to it (or to another package of its
 * owner), whoever made it, reads the view again.
 */
export function useStaffPackageLiveUpdates(number: string, enabled: boolean): void {
  useLiveRefresh({
    url: `/api/admin/packages/${encodeURIComponent(number)}/events`,
    event: 'refresh',
    queryKey: operationKeys.package(number),
    enabled,
  });
}
