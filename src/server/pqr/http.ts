// What the PQR routes share: the radicado in the path, sending an attachment, reading a query.
import type { Context } from 'hono';
import type { z } from 'zod';
import { firstIssueMessage } from '../../shared/schemas.ts';
import { Invalid } from '../errors.ts';
import { extensionOf } from '../files/invoice-check.ts';
import { type ServedFile, serveFile } from '../files/serve.ts';

/** The radicado of the path (Hono decodes it). */
export const radicadoParam = (c: Context) => c.req.param('radicado') ?? '';

/** A query parsed with `schema`; an empty parameter means "not given". */
export function readPqrQuery<S extends z.ZodType>(c: Context, schema: S): z.output<S> {
  const given = Object.fromEntries(Object.entries(c.req.query()).filter(([, value]) => value !== ''));
  const result = schema.safeParse(given);
  if (!result.success) throw new Invalid('invalid', firstIssueMessage(result.error));
  return result.data;
}

/** An attachment, always downloaded (never opened by our origin), with `nosniff` and a CSP that runs nothing. */
export function sendAttachment(c: Context, file: ServedFile, name: string) {
  const extension = extensionOf(file.mime);
  return serveFile(c, file, {
    disposition: `attachment; filename="${name}.${extension}"`,
    csp: "default-src 'none'; sandbox",
  });
}
