// The PQR calls as the server reads them: the inbox's query without empty filters or the first page, the report's
// CSV link with only its range (a report passed whole must not leak its figures into the URL), a radicado encoded
// in paths, a visitor's thread read by its key, and a refused attachment's message placed on 'Adjuntos'.
import { describe, expect, it } from 'vitest';
import { answer } from '../../../test/support/fetch-answer.ts';
import type { PqrReport } from '../../shared/pqr/api-types.ts';
import { RequestError } from '../app/request.ts';
import { getInbox, getThread, reportCsvUrl, uploadAttachments } from './api.ts';

describe('the PQR calls', () => {
  it('ask the inbox for the filters in force only', async () => {
    const fetch = answer(200, { rows: [] });
    await getInbox({ state: '', type: '', q: '', page: 1 });
    await getInbox({ state: 'vencida', type: 'reclamo', q: 'Lucía Prada', page: 2 });
    expect(fetch.mock.calls.map(([path]) => path)).toEqual([
      '/api/admin/pqr',
      '/api/admin/pqr?state=vencida&type=reclamo&q=Luc%C3%ADa+Prada&page=2',
    ]);
  });

  it("link the report's CSV with its range alone", () => {
    const report = {
      from: '2026-11-01',
      to: '2026-11-23',
      total: 3,
      byType: [],
      byState: [],
    } as unknown as PqrReport;
    expect(reportCsvUrl(report)).toBe('/api/admin/pqr/reporte.csv?from=2026-11-01&to=2026-11-23');
  });

  it("read a customer's thread by its radicado and a visitor's by the mailed key, encoded", async () => {
    const fetch = answer(200, {});
    await getThread('PQR-2026-000123', '');
    await getThread('PQR 1/2', 'a+b/c');
    expect(fetch.mock.calls.map(([path]) => path)).toEqual([
      '/api/pqr/PQR-2026-000123',
      '/api/pqr/seguimiento/PQR%201%2F2?clave=a%2Bb%2Fc',
    ]);
  });

  it("put a refused file's message on 'Adjuntos', naming the file", async () => {
    answer(415, {
      error: { code: 'unsupported', message: 'El archivo no es un PDF, JPG, PNG o WebP válido.' },
    });
    const file = new File(['no soy una foto'], 'foto.jpg', { type: 'image/jpeg' });
    const error = await uploadAttachments([file]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RequestError);
    expect(error).toMatchObject({
      status: 415,
      field: 'attachments',
      message: 'foto.jpg: El archivo no es un PDF, JPG, PNG o WebP válido.',
    });
  });
});
