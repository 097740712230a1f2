// The warehouse API (src/server/warehouse/routes.ts) as /bodega and /etiqueta call it, with the query keys that
// cache its lists. Photos go up with XMLHttpRequest: fetch cannot report upload progress.
import { queryOptions } from '@tanstack/react-query';
import { messages } from '../../shared/messages.ts';
import type {
  Assigned,
  Label,
  LocationSaved,
  Lookup,
  ReceiptSaved,
  StagedPhoto,
  WarehouseList,
} from '../../shared/warehouse/api-types.ts';
import { answerOf, api, failure, RequestError } from '../app/request.ts';

export type {
  Label,
  Lookup,
  LookupMatch,
  ReceiptSaved,
  StagedPhoto,
  WarehousePackage,
} from '../../shared/warehouse/api-types.ts';

/** What POST /api/warehouse/receipts takes: numbers as typed, so the shared schema parses them as the server does. */
export interface ReceiptBody {
  guide: string;
  lockerNumber: string;
  weightLb: string;
  lengthIn: string;
  widthIn: string;
  heightIn: string;
  condition: 'bueno' | 'danado' | 'abierto';
  notes: string;
  location: string;
  photoIds: string[];
}

export const warehouseKeys = {
  all: ['warehouse'] as const,
  unidentified: ['warehouse', 'unidentified'] as const,
  today: ['warehouse', 'today'] as const,
  label: (number: string) => ['warehouse', 'label', number] as const,
};

const base = '/api/warehouse';

export const lookupGuide = (guide: string, signal?: AbortSignal) =>
  api.get<Lookup>(`${base}/lookup?guia=${encodeURIComponent(guide)}`, { signal });

export const registerReceipt = (body: ReceiptBody) => api.post<ReceiptSaved>(`${base}/receipts`, body);

export const listUnidentified = (signal?: AbortSignal) =>
  api.get<WarehouseList>(`${base}/unidentified`, { signal });

export const listToday = (signal?: AbortSignal) => api.get<WarehouseList>(`${base}/today`, { signal });

/** 'Recibidos hoy' and 'Sin identificar' as the screens read them (the page and its lists share one cache). */
export const warehouseQueries = {
  today: queryOptions({ queryKey: warehouseKeys.today, queryFn: ({ signal }) => listToday(signal) }),
  unidentified: queryOptions({
    queryKey: warehouseKeys.unidentified,
    queryFn: ({ signal }) => listUnidentified(signal),
  }),
};

export const assignLocker = (number: number, lockerNumber: string) =>
  api.post<Assigned>(`${base}/packages/${number}/assign`, { lockerNumber });

export const getLabel = (number: string, signal?: AbortSignal) =>
  api.get<Label>(`${base}/labels/${encodeURIComponent(number)}`, { signal });

/**
 * Stages one photo (the raw JPEG as the body, as request.ts's `upload` sends files) and reports the share of its
 * bytes sent; its errors are read as request.ts reads every other answer's.
 */
export function uploadPhoto(
  photo: Blob,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<StagedPhoto> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${base}/photos`);
    xhr.setRequestHeader('content-type', photo.type || 'application/octet-stream');
    xhr.responseType = 'json';
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      if (xhr.status === 201 && xhr.response) resolve(answerOf<StagedPhoto>(xhr.response));
      else reject(failure(xhr.status, xhr.response));
    };
    xhr.onerror = () => reject(new RequestError(0, 'network', messages.networkError));
    xhr.onabort = () => reject(new DOMException('Subida cancelada', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(photo);
  });
}

/** 'Ubicación' of a package, edited by staff. */
export const saveLocation = (number: number, location: string) =>
  api.post<LocationSaved>(`/api/warehouse/packages/${number}/location`, { location });
