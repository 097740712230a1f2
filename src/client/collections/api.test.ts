// The money API as the screens call it: the close's body as the shared schema reads it, the remittance sent as CSV
// whatever the browser guessed (a refusal keeps its list of problems), the range in the query, and the receipt's
// PDF beside its JSON.
import { describe, expect, it } from 'vitest';
import { answer } from '../../../test/support/fetch-answer.ts';
import { closeRoute, getRecaudos, getReceipt, importRemittance, recaudosCsvUrl } from './api.ts';

describe('the money API', () => {
  it("POSTs 'Cerrar ruta' with 'Efectivo entregado' as a number and 'Observación'", async () => {
    const fetch = answer(200, { route: {}, close: {}, message: 'Ruta 7 cerrada.' });
    await closeRoute(7, { cashDeliveredCop: 85000, note: 'Faltaron mil pesos.' });
    const [path, init] = fetch.mock.calls[0] ?? [];
    expect(path).toBe('/api/admin/delivery/routes/7/close');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({ cashDeliveredCop: 85000, note: 'Faltaron mil pesos.' });
  });

  it('POSTs a remittance as CSV, and a file refused whole keeps its problems', async () => {
    const problems = ['Fila 2: el valor «12.5» no es un número entero de pesos.'];
    const fetch = answer(400, {
      error: { code: 'invalid_remittance', message: 'El archivo tiene 1 error.', details: { problems } },
    });
    const error = await importRemittance(
      new Blob(['guia,valor,fecha\n'], { type: 'application/vnd.ms-excel' }),
    ).catch((e: unknown) => e);
    const init = fetch.mock.calls[0]?.[1];
    expect(init?.method).toBe('POST');
    expect(init?.headers).toEqual({ 'content-type': 'text/csv' });
    expect(error).toMatchObject({ status: 400, code: 'invalid_remittance', details: { problems } });
  });

  it("reads 'Recaudos' and its CSV for the range typed, and a package's receipts", async () => {
    const fetch = answer(200, {});
    await getRecaudos({ from: '2026-11-01', to: '2026-11-30' });
    expect(fetch.mock.calls[0]?.[0]).toBe('/api/admin/recaudos?desde=2026-11-01&hasta=2026-11-30');
    expect(recaudosCsvUrl({ from: '2026-11-01', to: '2026-11-30' })).toBe(
      '/api/admin/recaudos.csv?desde=2026-11-01&hasta=2026-11-30',
    );
    await getReceipt('100001', '');
    await getReceipt('100001', '?parte=saldo');
    expect(fetch.mock.calls.slice(1).map((call) => call[0])).toEqual([
      '/api/packages/100001/receipt',
      '/api/packages/100001/receipt?parte=saldo',
    ]);
  });
});
