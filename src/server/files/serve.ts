// Answers a file the caller may see (the route checked that first): its bytes from the row, or, when it lives in
// the bucket, a redirect to a short-lived presigned link that carries our download name and checked type, so the
// bytes never pass through the app. The redirect itself is never cached: each one follows a fresh check.
import type { Context } from 'hono';
import { Unavailable } from '../errors.ts';
import { objectStore } from './store.ts';

export const BUCKET_MISSING =
  'Este archivo está en el almacenamiento de objetos, que no está configurado. Avisa al administrador.';

export interface ServedFile {
  id: string;
  mime: string;
  size: number;
  bytes: Buffer | null;
}

export async function serveFile(
  c: Context,
  file: ServedFile,
  answer: { disposition: string; csp: string; cache?: string },
) {
  if (file.bytes === null) {
    const store = objectStore();
    if (!store) throw new Unavailable(BUCKET_MISSING, 60);
    const link = store.presign(file.id, { mime: file.mime, disposition: answer.disposition });
    c.header('cache-control', 'no-store');
    c.header('x-content-type-options', 'nosniff');
    // The link is a bearer token for a few minutes: it is not sent on to anyone as a referrer.
    c.header('referrer-policy', 'no-referrer');
    return c.redirect(link, 302);
  }
  return c.body(new Uint8Array(file.bytes), 200, {
    'content-type': file.mime,
    'content-length': String(file.size),
    'content-disposition': answer.disposition,
    'x-content-type-options': 'nosniff',
    'content-security-policy': answer.csp,
    'cache-control': answer.cache ?? 'private, no-cache',
  });
}
