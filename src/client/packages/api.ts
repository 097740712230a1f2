// The packages API (src/server/packages/routes.ts) as the screens call it, with the query keys that cache it.
import type { PackageDetail, PackageList, PrealertSaved } from '../../shared/packages/api-types.ts';
import type { PackageState } from '../../shared/packages/states.ts';
import { api } from '../app/request.ts';

/** What POST /api/packages and PATCH /api/packages/:number take: the value as text, so no float holds money. */
export interface PrealertBody {
  guide: string;
  store: string;
  content: string;
  declaredValue: string;
  quantity: number;
  address: 1 | 2;
  instructions: string;
}

export interface ListParams {
  q: string;
  page: number;
  /** A state chip of 'Mis paquetes' (`?estado=`); null for all. */
  state?: PackageState | null;
}

export const packageKeys = {
  all: ['packages'] as const,
  list: (params: ListParams) => ['packages', 'list', params] as const,
  detail: (number: string) => ['packages', 'detail', number] as const,
};

const base = '/api/packages';
const one = (number: string | number) => `${base}/${encodeURIComponent(String(number))}`;

export function listPackages({ q, page, state }: ListParams, signal?: AbortSignal): Promise<PackageList> {
  const query = new URLSearchParams();
  if (q) query.set('q', q);
  if (state) query.set('estado', state);
  if (page > 1) query.set('page', String(page));
  const text = query.toString();
  return api.get<PackageList>(text ? `${base}?${text}` : base, { signal });
}

export const getPackage = (number: string, signal?: AbortSignal) =>
  api.get<PackageDetail>(one(number), { signal });

export const createPrealert = (body: PrealertBody) => api.post<PrealertSaved>(base, body);

export const updatePrealert = (number: number, body: PrealertBody) =>
  api.patch<PrealertSaved>(one(number), body);

export const cancelPrealert = (number: number) => api.post<PrealertSaved>(`${one(number)}/cancel`, {});

export const uploadInvoice = (number: number, file: File) =>
  api.upload<PrealertSaved>(`${one(number)}/invoice`, file);
