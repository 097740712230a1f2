// The operations API for admins (src/server/packages/board-routes.ts, src/server/dispatches/routes.ts): the
// 'Paquetes' board, 'Cambiar estado', 'Importar estados' and the dispatches, with the query keys that cache them.
// A refusal (409) keeps its list of packages and reasons (RefusedError), which request.ts would drop.

import { messages } from '../../shared/messages.ts';
import type { DispatchState, ImportResult } from '../../shared/packages/operations.ts';
import type { PackageState } from '../../shared/packages/states.ts';
import { api, RequestError } from './request.ts';

/** A row of the board (GET /api/admin/packages). */
export interface BoardRow {
  number: number;
  guide: string;
  lockerNumber: string | null;
  customerName: string | null;
  state: PackageState;
  weightLb: number | null;
  declaredValueCents: number;
  receivedAt: string | null;
  createdAt: string;
  /** Only for packages still in the Miami warehouse. */
  daysInWarehouse: number | null;
}

export interface BoardPage {
  packages: BoardRow[];
  total: number;
  /** More than `total` (1.000) match: the server stops counting there. */
  capped: boolean;
  page: number;
  pageSize: number;
}

export interface BoardFilters {
  q: string;
  /** A state code, or '' for every state. */
  estado: string;
  page: number;
}

export interface Refusal {
  number: number;
  reason: string;
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

export interface DispatchTotals {
  packages: number;
  pieces: number;
  pounds: number;
  declaredValueCents: number;
}

export interface DispatchSummary {
  id: number;
  masterAwb: string;
  airline: string;
  /** 'YYYY-MM-DD' */
  flightDate: string;
  /** 'abierto' or a DispatchState. */
  state: string;
  stateLabel: string;
  totals: DispatchTotals;
}

export interface DispatchPackage {
  number: number;
  guide: string;
  state: PackageState;
  content: string;
  quantity: number;
  weightLb: number | null;
  declaredValueCents: number;
  deliveryAddress: string;
  lockerNumber: string | null;
  name: string | null;
  telefono: string | null;
}

export interface DispatchDetail extends DispatchSummary {
  packages: DispatchPackage[];
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
};

/** POSTs a body (JSON, or a raw file) and reads the JSON answer; a refusal keeps its list. */
async function post<T>(path: string, body: unknown, contentType = 'application/json'): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': contentType },
      body: contentType === 'application/json' ? JSON.stringify(body) : (body as BodyInit),
    });
  } catch {
    throw new RequestError(0, 'network', messages.networkError);
  }
  const data = (await response.json().catch(() => null)) as {
    error?: { code?: string; message?: string; refused?: Refusal[] };
  } | null;
  if (response.ok) return data as T;
  if (response.status === 401) window.location.assign('/login');
  const code = data?.error?.code ?? 'unknown';
  const message = data?.error?.message ?? (response.status >= 500 ? messages.serverError : messages.badJson);
  const refused = data?.error?.refused;
  if (Array.isArray(refused)) throw new RefusedError(response.status, code, message, refused);
  throw new RequestError(response.status, code, message);
}

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

export const changeStates = (body: StateChangeBody) =>
  post<{ changed: number; message: string }>('/api/admin/packages/state', body);

/** 'Importar estados': the file as the raw body; the server reads it as CSV whatever its name says. */
export const importStates = (file: Blob) =>
  post<ImportResult>('/api/admin/packages/import', file, 'text/csv');

export const listDispatches = (signal?: AbortSignal) =>
  api.get<{ dispatches: DispatchSummary[] }>('/api/admin/dispatches', { signal });

const oneDispatch = (id: string | number) => `/api/admin/dispatches/${encodeURIComponent(String(id))}`;

export const getDispatch = (id: string, signal?: AbortSignal) =>
  api.get<DispatchDetail>(oneDispatch(id), { signal });

export const createDispatch = (form: DispatchForm) =>
  post<{ dispatch: DispatchDetail; message: string }>('/api/admin/dispatches', form);

export const addToDispatch = (id: number, numbers: number[]) =>
  post<{ dispatch: DispatchDetail; message: string }>(`${oneDispatch(id)}/packages`, { numbers });

export const removeFromDispatch = (id: number, numbers: number[]) =>
  post<{ dispatch: DispatchDetail; message: string }>(`${oneDispatch(id)}/packages/remove`, { numbers });

export const moveDispatch = (id: number, state: DispatchState) =>
  post<{ dispatch: DispatchDetail; message: string }>(`${oneDispatch(id)}/state`, { state });

export const manifestUrl = (id: number) => `${oneDispatch(id)}/manifest`;
