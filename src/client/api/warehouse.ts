// The warehouse API (src/server/warehouse/routes.ts) as /bodega and /etiqueta call it, with the query keys that
// cache its lists. Photos go up with XMLHttpRequest: fetch cannot report upload progress.
import { messages } from '../../shared/messages.ts';
import { api, RequestError } from './request.ts';

export interface LookupMatch {
  number: number;
  state: string;
  customerName: string | null;
  lockerNumber: string | null;
  store: string;
  content: string;
  declaredValueCents: number;
  instructions: string;
}

/** GET /api/warehouse/lookup?guia=… */
export interface Lookup {
  guide: string;
  carrier: string | null;
  /** 'Este paquete ya fue recibido el …' when the guide was received before. */
  alreadyReceived: string | null;
  match: LookupMatch | null;
}

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
  photoIds: string[];
}

export interface ReceiptSaved {
  number: number;
  identified: boolean;
  message: string;
  state: string;
}

export interface StagedPhoto {
  id: string;
  url: string;
  thumbnailUrl: string;
}

/** A row of 'Sin identificar' and of 'Recibidos hoy'. */
export interface WarehousePackage {
  number: number;
  guide: string;
  lockerNumber: string | null;
  customerName: string | null;
  weightLb: number | null;
  warehouseNotes: string;
  receivedAt: string | null;
  thumbnailUrl: string | null;
  state: string;
}

export interface Label {
  number: number;
  lockerNumber: string | null;
  name: string | null;
  city: string | null;
  weightLb: number | null;
  receivedAt: string | null;
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
  api.get<{ packages: WarehousePackage[] }>(`${base}/unidentified`, { signal });

export const listToday = (signal?: AbortSignal) =>
  api.get<{ packages: WarehousePackage[] }>(`${base}/today`, { signal });

export const assignLocker = (number: number, lockerNumber: string) =>
  api.post<{ message: string }>(`${base}/packages/${number}/assign`, { lockerNumber });

export const getLabel = (number: string, signal?: AbortSignal) =>
  api.get<Label>(`${base}/labels/${encodeURIComponent(number)}`, { signal });

/**
 * Stages one photo (the raw JPEG as the body, as request.ts's `upload` sends files) and reports the share of its
 * bytes sent; errors carry the server's Spanish message, as request.ts's do.
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
      const data = xhr.response as (StagedPhoto & { error?: { code: string; message: string } }) | null;
      if (xhr.status === 201 && data) return resolve(data);
      if (xhr.status === 401) window.location.assign('/login');
      reject(
        new RequestError(
          xhr.status,
          data?.error?.code ?? 'unknown',
          data?.error?.message ?? (xhr.status >= 500 ? messages.serverError : messages.badJson),
        ),
      );
    };
    xhr.onerror = () => reject(new RequestError(0, 'network', messages.networkError));
    xhr.onabort = () => reject(new DOMException('Subida cancelada', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(photo);
  });
}
