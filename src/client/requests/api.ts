// The requests API (src/server/requests/routes.ts) as the screens call it: a customer's requests, asking one,
// 'Cancelar', and the return label's upload.
import type {
  LabelSaved,
  QueueChanged,
  RequestList,
  RequestQueue,
  RequestSaved,
  Scanned,
} from '../../shared/requests/api-types.ts';
import type { InstructionsChoice, Released } from '../../shared/requests/instructions.ts';
import type { RepackOption, RequestKind } from '../../shared/requests/kinds.ts';
import { api, request } from '../app/request.ts';

export type { PackageRequest, QueuedRequest } from '../../shared/requests/api-types.ts';

export interface RequestBody {
  kind: RequestKind;
  numbers: number[];
  repackOption?: RepackOption | null;
  note?: string;
  labelFileId?: string | null;
}

export const requestKeys = {
  all: ['requests'] as const,
  ofPackage: (number: number) => ['requests', 'package', number] as const,
};

export const getRequests = (number: number | null, signal?: AbortSignal) =>
  api.get<RequestList>(number === null ? '/api/requests' : `/api/requests?paquete=${number}`, { signal });

export const askRequest = (body: RequestBody) => api.post<RequestSaved>('/api/requests', body);

export const cancelRequest = (id: number) => api.post<RequestSaved>(`/api/requests/${id}/cancel`, {});

export const uploadReturnLabel = (file: File) => api.upload<LabelSaved>('/api/requests/label', file);

/** The warehouse's queue ('Solicitudes' on /bodega, staff only). */
export const queueKeys = { queue: ['warehouse', 'requests'] as const };

export const getRequestQueue = (signal?: AbortSignal) =>
  api.get<RequestQueue>('/api/warehouse/requests', { signal });

export const queueStep = (id: number, step: 'start' | 'refuse' | 'complete', body: unknown = {}) =>
  api.post<QueueChanged>(`/api/warehouse/requests/${id}/${step}`, body);

export const scanForRequest = (id: number, code: string) =>
  api.post<Scanned>(`/api/warehouse/requests/${id}/scan`, { code });

export const instructionKeys = { choice: ['me', 'instructions'] as const };

export const getInstructions = (signal?: AbortSignal) =>
  api.get<InstructionsChoice>('/api/me/instructions', { signal });

export const setInstructions = (wait: boolean) =>
  request<InstructionsChoice>('PUT', '/api/me/instructions', { wait });

/** 'Despachar': waiting packages may leave in the next dispatch. */
export const releasePackages = (numbers: number[]) =>
  api.post<Released>('/api/packages/release', { numbers });
