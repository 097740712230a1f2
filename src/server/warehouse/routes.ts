// The warehouse's API ('Recepción en bodega', staff only): look a guide up, stage photos, register a receipt,
// the 'Sin identificar' queue with 'Asignar', 'Recibidos hoy', and the data of a package's label.
import { and, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import { type Context, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { formatLongDate, WAREHOUSE_TIME_ZONE } from '../../shared/dates.ts';
import { normalizeGuide, recognizeCarrier } from '../../shared/packages/guides.ts';
import { assignSchema, receiptMessages, receiptSchema } from '../../shared/warehouse/receipt.ts';
import type { Auth } from '../auth/auth.ts';
import { requireCaller, type SessionEnv } from '../auth/session.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/open.ts';
import { files, packages, users } from '../db/schema.ts';
import { PHOTO_MAX_BYTES, photoMessages, processPhoto } from '../files/photos.ts';
import { saveFile } from '../files/store.ts';
import { ApiError, errorResponse, readBody } from '../http.ts';
import { pathNumber } from '../packages/list-query.ts';
import type { Actor } from '../packages/state-change.ts';
import { assignPackage, packageByGuide, receivePackage } from './receiving.ts';

export interface WarehouseRoutesDeps {
  db: Database;
  auth: Auth;
  config: Config;
  onMailQueued: () => void;
}

const packageColumns = {
  number: packages.number,
  guide: packages.guide,
  state: packages.state,
  lockerNumber: packages.lockerNumber,
  weightLb: packages.weightLb,
  warehouseNotes: packages.warehouseNotes,
  receivedAt: packages.receivedAt,
  customerName: users.name,
};

export function warehouseRoutes({ db, auth, config, onMailQueued }: WarehouseRoutesDeps) {
  const routes = new Hono<SessionEnv>();
  routes.use('/warehouse/*', requireCaller(auth, db, { role: 'staff', verifiedEmail: config.production }));
  const actorOf = (c: Context<SessionEnv>): Actor => {
    const record = c.get('caller').record;
    return { id: record.id, role: record.role === 'admin' ? 'admin' : 'bodega' };
  };
  const mail = { brandName: config.brandName, appUrl: config.appUrl };
  const number = (c: Context) => pathNumber(c, 'number', 'No encontramos ese paquete.');

  routes.get('/warehouse/lookup', async (c) => {
    const guide = normalizeGuide((c.req.query('guia') ?? '').slice(0, 200));
    if (!/^[A-Z0-9]{6,40}$/.test(guide)) throw new ApiError(400, 'invalid', receiptMessages.guideRequired);
    c.header('cache-control', 'no-store');
    const row = await packageByGuide(db, guide);
    if (!row) return c.json({ guide, carrier: recognizeCarrier(guide), match: null, alreadyReceived: null });
    const [owner] = row.userId
      ? await db
          .select({ name: users.name, lockerNumber: users.lockerNumber })
          .from(users)
          .where(eq(users.id, row.userId))
      : [];
    const received = row.state !== 'prealertado';
    return c.json({
      guide,
      carrier: row.carrier,
      alreadyReceived: received
        ? receiptMessages.alreadyReceived(formatLongDate(row.receivedAt ?? row.updatedAt))
        : null,
      match: {
        number: row.number,
        state: row.state,
        customerName: owner?.name ?? null,
        lockerNumber: owner?.lockerNumber ?? null,
        store: row.store,
        content: row.content,
        declaredValueCents: row.declaredValueCents,
        instructions: row.instructions,
      },
    });
  });

  // A photo travels as the request body; it is re-encoded at once and waits for its receipt.
  routes.post(
    '/warehouse/photos',
    bodyLimit({
      maxSize: PHOTO_MAX_BYTES,
      onError: (c) => errorResponse(c, new ApiError(413, 'invalid_file', photoMessages.invalid)),
    }),
    async (c) => {
      const type = (c.req.header('content-type') ?? '').toLowerCase();
      if (!type || /^(multipart\/form-data|application\/x-www-form-urlencoded|text\/plain)\b/.test(type))
        throw new ApiError(415, 'unsupported_media_type', photoMessages.invalid);
      const processed = await processPhoto(Buffer.from(await c.req.arrayBuffer()));
      if (!processed) throw new ApiError(400, 'invalid_file', photoMessages.invalid);
      const ids = await db.transaction(async (tx) => {
        const id = await saveFile(tx, {
          ownerId: null,
          packageNumber: null,
          kind: 'photo',
          mime: 'image/jpeg',
          bytes: processed.photo,
        });
        const thumbnail = await saveFile(tx, {
          ownerId: null,
          packageNumber: null,
          kind: 'thumbnail',
          mime: 'image/jpeg',
          bytes: processed.thumbnail,
          thumbnailOf: id,
        });
        return { id, thumbnail };
      });
      return c.json(
        { id: ids.id, url: `/api/files/${ids.id}`, thumbnailUrl: `/api/files/${ids.thumbnail}` },
        201,
      );
    },
  );

  routes.post('/warehouse/receipts', async (c) => {
    const receipt = await readBody(c, receiptSchema);
    const result = await receivePackage(db, receipt, actorOf(c), mail);
    if (result.identified) onMailQueued();
    return c.json(
      {
        number: result.row.number,
        identified: result.identified,
        message: result.message,
        state: result.row.state,
      },
      201,
    );
  });

  routes.get('/warehouse/unidentified', async (c) => {
    const rows = await db
      .select(packageColumns)
      .from(packages)
      .leftJoin(users, eq(users.id, packages.userId))
      .where(eq(packages.state, 'sin_identificar'))
      .orderBy(desc(packages.receivedAt), desc(packages.number))
      .limit(200);
    c.header('cache-control', 'no-store');
    return c.json({ packages: await withThumbnails(rows) });
  });

  routes.post('/warehouse/packages/:number/assign', async (c) => {
    const { lockerNumber } = await readBody(c, assignSchema);
    const result = await assignPackage(db, number(c), lockerNumber, actorOf(c), mail);
    onMailQueued();
    return c.json({ number: result.row.number, message: result.message, state: result.row.state });
  });

  routes.get('/warehouse/today', async (c) => {
    // Midnight in Miami, as the warehouse counts its day.
    const startOfDay = sql`(date_trunc('day', now() at time zone ${WAREHOUSE_TIME_ZONE}) at time zone ${WAREHOUSE_TIME_ZONE})`;
    const rows = await db
      .select(packageColumns)
      .from(packages)
      .leftJoin(users, eq(users.id, packages.userId))
      .where(gte(packages.receivedAt, startOfDay))
      .orderBy(desc(packages.receivedAt), desc(packages.number))
      .limit(500);
    c.header('cache-control', 'no-store');
    return c.json({ packages: await withThumbnails(rows) });
  });

  routes.get('/warehouse/labels/:number', async (c) => {
    const [row] = await db
      .select({
        number: packages.number,
        lockerNumber: packages.lockerNumber,
        weightLb: packages.weightLb,
        receivedAt: packages.receivedAt,
        addressChoice: packages.addressChoice,
        name: users.name,
        ciudad1: users.ciudad1,
        ciudad2: users.ciudad2,
      })
      .from(packages)
      .leftJoin(users, eq(users.id, packages.userId))
      .where(eq(packages.number, number(c)));
    if (!row) throw new ApiError(404, 'not_found', 'No encontramos ese paquete.');
    return c.json({
      number: row.number,
      lockerNumber: row.lockerNumber,
      name: row.name,
      city: (row.addressChoice === 2 ? row.ciudad2 : row.ciudad1) || row.ciudad1,
      weightLb: row.weightLb === null ? null : Number(row.weightLb),
      receivedAt: row.receivedAt?.toISOString() ?? null,
    });
  });

  /** Each row with its first photo's thumbnail, in one query. */
  async function withThumbnails<
    T extends { number: number; weightLb: string | null; receivedAt: Date | null },
  >(rows: T[]) {
    const numbers = rows.map((row) => row.number);
    const thumbnails = numbers.length
      ? await db
          .select({ id: files.id, packageNumber: files.packageNumber })
          .from(files)
          .where(and(inArray(files.packageNumber, numbers), eq(files.kind, 'thumbnail')))
          .orderBy(files.createdAt)
      : [];
    const first = new Map<number, string>();
    for (const file of thumbnails)
      if (file.packageNumber && !first.has(file.packageNumber)) first.set(file.packageNumber, file.id);
    return rows.map((row) => ({
      ...row,
      weightLb: row.weightLb === null ? null : Number(row.weightLb),
      receivedAt: row.receivedAt?.toISOString() ?? null,
      thumbnailUrl: first.has(row.number) ? `/api/files/${first.get(row.number)}` : null,
    }));
  }

  return routes;
}
