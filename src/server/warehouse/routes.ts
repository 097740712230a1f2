// The warehouse's API ('Recepción en bodega', staff only): look a guide up, stage photos, register a receipt,
// the 'Sin identificar' queue with 'Asignar', 'Recibidos hoy', and the data of a package's label.
import { type Context, Hono } from 'hono';
import { formatLongDate } from '../../shared/dates.ts';
import { normalizeGuide, recognizeCarrier } from '../../shared/packages/guides.ts';
import type * as Api from '../../shared/warehouse/api-types.ts';
import {
  assignSchema,
  locationSchema,
  receiptMessages,
  receiptSchema,
} from '../../shared/warehouse/receipt.ts';
import { requireCaller, type SessionEnv } from '../auth/session.ts';
import { Invalid, NotFound, PACKAGE_NOT_FOUND } from '../errors.ts';
import { PHOTO_MAX_BYTES, photoMessages, processPhoto } from '../files/photos.ts';
import { type RouteDeps, readBody, uploadedBytes, uploadLimit } from '../http.ts';
import { packageNumberParam } from '../packages/list-query.ts';
import { mailSettingsOf, staffActor } from '../packages/state-change.ts';
import { labelOf, ownerOf, receivedToday, stagePhoto, unidentifiedPackages } from './lists.ts';
import { assignPackage, moveLocation, packageByGuide, receivePackage } from './receiving.ts';

export interface WarehouseRoutesDeps extends RouteDeps {}

export function warehouseRoutes({ db, auth, config }: WarehouseRoutesDeps) {
  const routes = new Hono<SessionEnv>();
  routes.use('/warehouse/*', requireCaller(auth, db, { role: 'staff', verifiedEmail: config.production }));
  const actorOf = (c: Context<SessionEnv>) => staffActor(c.get('caller').record);
  const mail = mailSettingsOf(config);

  routes.get('/warehouse/lookup', async (c) => {
    const guide = normalizeGuide((c.req.query('guia') ?? '').slice(0, 200));
    if (!/^[A-Z0-9]{6,40}$/.test(guide)) throw new Invalid('invalid', receiptMessages.guideRequired);
    c.header('cache-control', 'no-store');
    const row = await packageByGuide(db, guide);
    if (!row)
      return c.json({
        guide,
        carrier: recognizeCarrier(guide),
        match: null,
        alreadyReceived: null,
      } satisfies Api.Lookup);
    const owner = await ownerOf(db, row.userId);
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
        // A received package names the locker it was received for (its label's), a pre-alert its owner's.
        lockerNumber: (received ? row.lockerNumber : null) ?? owner?.lockerNumber ?? null,
        store: row.store,
        content: row.content,
        declaredValueCents: row.declaredValueCents,
        instructions: row.instructions,
      },
    } satisfies Api.Lookup);
  });

  // A photo travels as the request body; it is re-encoded at once and waits for its receipt.
  routes.post('/warehouse/photos', uploadLimit(PHOTO_MAX_BYTES, photoMessages.invalid), async (c) => {
    const processed = await processPhoto(Buffer.from(await uploadedBytes(c, photoMessages.invalid)));
    if (!processed) throw new Invalid('invalid_file', photoMessages.invalid);
    return c.json((await stagePhoto(db, processed)) satisfies Api.StagedPhoto, 201);
  });

  routes.post('/warehouse/receipts', async (c) => {
    const receipt = await readBody(c, receiptSchema);
    const result = await receivePackage(db, receipt, actorOf(c), mail);
    return c.json(
      {
        number: result.row.number,
        identified: result.identified,
        message: result.message,
        state: result.row.state,
      } satisfies Api.ReceiptSaved,
      201,
    );
  });

  routes.get('/warehouse/unidentified', async (c) => {
    c.header('cache-control', 'no-store');
    return c.json({ packages: await unidentifiedPackages(db) } satisfies Api.WarehouseList);
  });

  routes.post('/warehouse/packages/:number/assign', async (c) => {
    const { lockerNumber } = await readBody(c, assignSchema);
    const result = await assignPackage(db, packageNumberParam(c), lockerNumber, actorOf(c), mail);
    return c.json({
      number: result.row.number,
      message: result.message,
      state: result.row.state,
    } satisfies Api.Assigned);
  });

  routes.get('/warehouse/today', async (c) => {
    c.header('cache-control', 'no-store');
    return c.json({ packages: await receivedToday(db) } satisfies Api.WarehouseList);
  });

  // 'Ubicación' edited by staff (the shelf a package was moved to).
  routes.post('/warehouse/packages/:number/location', async (c) => {
    const { location } = await readBody(c, locationSchema);
    const number = packageNumberParam(c);
    await moveLocation(db, number, location);
    return c.json({
      location: location || null,
      message: receiptMessages.locationSaved(number, location),
    } satisfies Api.LocationSaved);
  });

  routes.get('/warehouse/labels/:number', async (c) => {
    const label = await labelOf(db, packageNumberParam(c));
    if (!label) throw new NotFound(PACKAGE_NOT_FOUND);
    return c.json(label satisfies Api.Label);
  });

  return routes;
}
