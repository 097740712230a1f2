// What the package lists read from a URL: the search, the state filter and the page (one schema for the customer's
// list and the operations board), and a number from the path.
import type { Context } from 'hono';
import { z } from 'zod';
import { deliveryMessages } from '../../shared/delivery/route-forms.ts';
import { isPackageState, type PackageState } from '../../shared/packages/states.ts';
import { clean } from '../../shared/schemas.ts';
import { DISPATCH_NOT_FOUND, Invalid, NotFound, PACKAGE_NOT_FOUND } from '../errors.ts';

const pageMessage = 'La página debe ser un número entero desde 1.';

const listQuerySchema = z.object({
  // Control characters (NUL above all, which PostgreSQL text refuses) are dropped, as from every other field.
  q: z
    .string()
    .overwrite(clean)
    .trim()
    .max(100, 'La búsqueda admite hasta 100 caracteres.')
    .optional()
    .default(''),
  estado: z
    .string()
    .optional()
    .refine((state) => !state || isPackageState(state), 'Ese estado no existe.'),
  page: z.coerce
    .number({ error: pageMessage })
    .int(pageMessage)
    .min(1, pageMessage)
    .max(100_000, pageMessage)
    .optional()
    .default(1),
});

/** ?q=&estado=&page= of a list; a bad value is a 400 with its Spanish message. */
export function readListQuery(c: Context): { q: string; state: PackageState | null; page: number } {
  const parsed = listQuerySchema.safeParse(c.req.query());
  if (!parsed.success) throw new Invalid('invalid', parsed.error.issues[0]?.message ?? 'Búsqueda no válida.');
  const { q, estado, page } = parsed.data;
  return { q, state: estado && isPackageState(estado) ? estado : null, page };
}

/** A path's number (a package's, a dispatch's…): up to nine digits, or null for anything else. */
export function wholeNumber(text: string): number | null {
  return /^\d{1,9}$/.test(text) ? Number(text) : null;
}

/** A whole number from the path; anything else names nothing: 404 with `notFound`. */
function pathNumber(c: Context, param: string, notFound: string): number {
  const number = wholeNumber(c.req.param(param) ?? '');
  if (number === null) throw new NotFound(notFound);
  return number;
}

/** The package number of a `/:number` path. */
export const packageNumberParam = (c: Context) => pathNumber(c, 'number', PACKAGE_NOT_FOUND);

/** The dispatch id of a `/:id` path. */
export const dispatchIdParam = (c: Context) => pathNumber(c, 'id', DISPATCH_NOT_FOUND);

/** The delivery route id of a `/:id` path. */
export const routeIdParam = (c: Context) => pathNumber(c, 'id', deliveryMessages.routeNotFound);
