// The PQR API (src/server/pqr, endpoints listed atop src/shared/pqr/api-types.ts) as the screens call it, with the
// query keys that cache it. Attachments are uploaded one by one first; the forms send the ids the uploads answered.
import type {
  PqrChanged,
  PqrFiled,
  PqrInbox,
  PqrList,
  PqrReport,
  PqrStaffChanged,
  PqrStaffDetail,
  PqrThread,
  PqrUpload,
} from '../../shared/pqr/api-types.ts';
import type {
  Answer,
  CustomerFiling,
  Decision,
  InboxQuery,
  MoreInfo,
  NoteForm,
  ReportQuery,
  Review,
  StateChangeForm,
  VisitorFiling,
} from '../../shared/pqr/forms.ts';
import { api, RequestError, type RequestOptions } from '../app/request.ts';

const PUBLIC = { allowUnauthenticated: true };

export const pqrKeys = {
  all: ['pqr'] as const,
  mine: ['pqr', 'mine'] as const,
  thread: (radicado: string, clave: string) => ['pqr', 'thread', radicado, clave] as const,
  staff: ['pqr', 'staff'] as const,
  inbox: (query: InboxQuery) => ['pqr', 'staff', 'inbox', query] as const,
  staffDetail: (radicado: string) => ['pqr', 'staff', 'detail', radicado] as const,
  report: (range: ReportQuery) => ['pqr', 'staff', 'report', range] as const,
};

const one = (radicado: string) => encodeURIComponent(radicado);
/** The path with the query's non-empty values (the inbox's first page is its bare path). */
function pathWith(path: string, query: Record<string, string | number>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query))
    if (value !== '' && !(key === 'page' && value === 1)) search.set(key, String(value));
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

/** One attachment (the file itself as the body); a visitor may upload too. */
export const uploadAttachment = (file: File) =>
  api.upload<PqrUpload>('/api/pqr/adjuntos', file, { ...PUBLIC, method: 'POST' });

/**
 * Uploads the files in order and answers their ids. A refused file's message is the form's 'Adjuntos' error
 * (`field: 'attachments'`), whatever the upload itself called it.
 */
export async function uploadAttachments(files: readonly File[]): Promise<string[]> {
  const ids: string[] = [];
  for (const file of files) {
    try {
      ids.push((await uploadAttachment(file)).id);
    } catch (error) {
      if (!(error instanceof RequestError) || error.status === 0 || error.status >= 500) throw error;
      throw new RequestError(error.status, error.code, `${file.name}: ${error.message}`, 'attachments');
    }
  }
  return ids;
}

// The customer's.
export const getMyPqrs = (signal?: AbortSignal) => api.get<PqrList>('/api/pqr', { signal });
export const fileCustomerPqr = (body: CustomerFiling) => api.post<PqrFiled>('/api/pqr', body);

// A visitor's, and a PQR read by its mailed link (`clave`) or by its owner's session.
export const fileVisitorPqr = (body: VisitorFiling) => api.post<PqrFiled>('/api/pqr/visitante', body, PUBLIC);

/** Where one PQR (or `rest` below it) is read and answered: by its mailed link (`clave`) or by its owner's session. */
function onePqr(radicado: string, clave: string, rest = ''): { path: string; options: RequestOptions } {
  if (clave)
    return { path: pathWith(`/api/pqr/seguimiento/${one(radicado)}${rest}`, { clave }), options: PUBLIC };
  return { path: `/api/pqr/${one(radicado)}${rest}`, options: {} };
}

export function getThread(radicado: string, clave: string, signal?: AbortSignal) {
  const { path, options } = onePqr(radicado, clave);
  return api.get<PqrThread>(path, { ...options, signal });
}

export function fileReview(radicado: string, clave: string, body: Review) {
  const { path, options } = onePqr(radicado, clave, '/reposicion');
  return api.post<PqrChanged>(path, body, options);
}

/** 'Añadir información' while the PQR awaits an answer. */
export function addInformation(radicado: string, clave: string, body: MoreInfo) {
  const { path, options } = onePqr(radicado, clave, '/informacion');
  return api.post<PqrChanged>(path, body, options);
}

// The staff's.
const staffBase = '/api/admin/pqr';
const staffOne = (radicado: string) => `${staffBase}/${one(radicado)}`;

export const getInbox = (query: InboxQuery, signal?: AbortSignal) =>
  api.get<PqrInbox>(pathWith(staffBase, query), { signal });

export const getReport = (range: ReportQuery, signal?: AbortSignal) =>
  api.get<PqrReport>(pathWith(`${staffBase}/reporte`, range), { signal });

/** 'Descargar CSV' of the report: a plain link, so the browser downloads it with the session's cookie. */
export const reportCsvUrl = ({ from, to }: ReportQuery) => pathWith(`${staffBase}/reporte.csv`, { from, to });

export const getStaffPqr = (radicado: string, signal?: AbortSignal) =>
  api.get<PqrStaffDetail>(staffOne(radicado), { signal });

export const answerPqr = (radicado: string, body: Answer) =>
  api.post<PqrStaffChanged>(`${staffOne(radicado)}/respuesta`, body);

export const addNote = (radicado: string, body: NoteForm) =>
  api.post<PqrStaffChanged>(`${staffOne(radicado)}/notas`, body);

export const changePqrState = (radicado: string, body: StateChangeForm) =>
  api.post<PqrStaffChanged>(`${staffOne(radicado)}/estado`, body);

export const decidePqr = (radicado: string, body: Decision) =>
  api.post<PqrStaffChanged>(`${staffOne(radicado)}/decision`, body);
