// 'Expediente' as one PDF, on PGlite: staff only; it holds the radicado, the dates, the thread (without
// internal notes), the attachments' list and the package.
import { inflateSync } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logicDrivers } from '../../../test/support/database.ts';
import { newTestGuide } from '../../../test/support/packages.ts';
import {
  type browser,
  signedUpCustomer,
  startTestServerWithAdmin,
  type TestServer,
} from '../../../test/support/server.ts';

/** The text a PDF of ours shows: its content streams inflated, the hex strings of their TJ arrays decoded. */
function pdfText(pdf: Buffer): string {
  const text: string[] = [];
  const raw = pdf.toString('latin1');
  for (const match of raw.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    let content: string;
    try {
      content = inflateSync(Buffer.from(match[1] ?? '', 'latin1')).toString('latin1');
    } catch {
      continue;
    }
    for (const array of content.matchAll(/\[(.*?)\]\s*TJ/g))
      text.push(
        [...(array[1] ?? '').matchAll(/<([0-9a-fA-F]*)>/g)]
          .map((hex) => Buffer.from(hex[1] ?? '', 'hex').toString('latin1'))
          .join(''),
      );
  }
  return text.join('\n');
}

describe.each(logicDrivers)('PQR expediente on %s', (driver) => {
  let server: TestServer;
  let admin: ReturnType<typeof browser>;
  let customer: Awaited<ReturnType<typeof signedUpCustomer>>;
  beforeAll(async () => {
    ({ server, admin } = await startTestServerWithAdmin(driver, 'pqr-expediente-admin@example.com'));
    customer = await signedUpCustomer(server, { name: 'Marta Gómez' });
  });
  afterAll(() => server?.close());

  it('holds the radicado, the thread, the attachments and the package; never the internal notes', async () => {
    const saved = await customer.client.post('/api/packages', {
      guide: newTestGuide(),
      content: 'Tenis',
      declaredValue: '90',
    });
    const photo = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#00f' } })
      .jpeg()
      .toBuffer();
    const upload = await customer.client.upload('/api/pqr/adjuntos', photo, 'image/jpeg', 'POST');
    const filed = await customer.client.post('/api/pqr', {
      type: 'reclamo',
      packageNumber: saved.body.package.number,
      description: 'Los tenis llegaron de otra talla distinta a la que compre.',
      attachments: [upload.body.id],
    });
    const path = `/api/admin/pqr/${encodeURIComponent(filed.body.radicado)}`;
    await admin.post(`${path}/notas`, { text: 'Secreto interno del equipo' });
    await admin.post(`${path}/respuesta`, { text: 'Cambiamos la talla sin costo.' });
    await server.mail.deliverDue();
    await customer.client.post(`/api/pqr/${encodeURIComponent(filed.body.radicado)}/reposicion`, {
      text: 'Quiero la devolucion del dinero, no el cambio de talla.',
      appeal: true,
    });

    expect((await customer.client.get(`${path}/expediente.pdf`)).status).toBe(403);
    const response = await server.app.request(`http://localhost:3000${path}/expediente.pdf`, {
      headers: { cookie: [...admin.cookies].map(([name, value]) => `${name}=${value}`).join('; ') },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    const pdf = Buffer.from(await response.arrayBuffer());
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(pdf);
    expect(text).toContain(`Expediente ${filed.body.radicado}`);
    expect(text).toContain('Marta Gómez');
    expect(text).toContain('Los tenis llegaron de otra talla');
    expect(text).toContain('Cambiamos la talla sin costo.');
    expect(text).toContain('Quiero la devolucion del dinero');
    expect(text).toContain('adjunto-1.jpg');
    expect(text).toContain(String(saved.body.package.number));
    expect(text).toContain('Prealertado');
    expect(text).not.toContain('Secreto interno');
  });
});
