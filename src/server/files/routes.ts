// GET /api/files/:id: an invoice or a photo, only to its owner and to staff (anyone else: 404, as if it did not
// exist), with our own download name, `nosniff` and a CSP that lets nothing in the file run; a file in the bucket
// is a redirect to a presigned link with the same name and type (serve.ts).
import { Hono } from 'hono';
import type { Auth } from '../auth/auth.ts';
import { isStaff, requireCaller, type SessionEnv } from '../auth/session.ts';
import type { Database } from '../db/open.ts';
import { NotFound } from '../errors.ts';
import { extensionOf } from './invoice-check.ts';
import { serveFile } from './serve.ts';
import { readFile } from './store.ts';

const NAMES: Record<string, string> = {
  invoice: 'factura',
  photo: 'foto',
  thumbnail: 'foto-miniatura',
  return_label: 'guia-devolucion',
};

export function fileRoutes({ db, auth }: { db: Database; auth: Auth }) {
  const routes = new Hono<SessionEnv>();
  routes.get('/files/:id', requireCaller(auth, db), async (c) => {
    const record = c.get('caller').record;
    const id = c.req.param('id');
    const file = /^[0-9a-f-]{36}$/.test(id) ? await readFile(db, id) : null;
    const allowed = file && (file.ownerId === record.id || isStaff(record.role));
    if (!file || !allowed) throw new NotFound('No encontramos ese archivo.');
    const extension = extensionOf(file.mime);
    const name = `${NAMES[file.kind] ?? 'archivo'}-${file.packageNumber ?? 'sin-paquete'}.${extension}`;
    // Photos are shown in the page; an invoice or a return label is always downloaded, never opened by our origin.
    const disposition = file.kind === 'invoice' || file.kind === 'return_label' ? 'attachment' : 'inline';
    return serveFile(c, file, {
      disposition: `${disposition}; filename="${name}"`,
      csp: "default-src 'none'; img-src 'self'; sandbox",
    });
  });
  return routes;
}
