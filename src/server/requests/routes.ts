// The customer's requests API (design/requests.md 'Solicitudes'): the return label's upload, asking, reading their own
// (all, or one package's) and 'Cancelar' while 'Pendiente'. Another customer's package or request is a 404.
import { type Context, Hono } from 'hono';
import type * as Api from '../../shared/requests/api-types.ts';
import {
  type InstructionsChoice,
  instructionMessages,
  instructionsSchema,
  type Released,
  releaseSchema,
} from '../../shared/requests/instructions.ts';
import { newRequestSchema, requestMessages } from '../../shared/requests/requests.ts';
import { requireCaller, type SessionEnv } from '../auth/session.ts';
import { NotFound } from '../errors.ts';
import { INVOICE_MAX_BYTES } from '../files/invoice-check.ts';
import { saveFile } from '../files/store.ts';
import { uploadedDocument } from '../files/uploaded-document.ts';
import { clientIp, type RouteDeps, readBody, uploadLimit } from '../http.ts';
import { askRequest, cancelOwnRequest, releaseOwnPackages } from './customer-changes.ts';
import { setWaitForInstructions } from './instructions.ts';
import { customerRequests, shownRequests } from './requests.ts';

const idParam = (c: Context) => {
  const id = Number(c.req.param('id'));
  if (!Number.isSafeInteger(id) || id <= 0 || id > 2_147_483_647)
    throw new NotFound(requestMessages.notFound);
  return id;
};

/** The answer about 'Esperar instrucciones': whether it is on, and what that means. */
const instructionsChoice = (wait: boolean): InstructionsChoice => ({
  wait,
  message: wait ? instructionMessages.on : instructionMessages.off,
});

export function requestRoutes({ db, auth, config }: RouteDeps) {
  const routes = new Hono<SessionEnv>();
  const signedIn = requireCaller(auth, db);
  const recordOf = (c: Context<SessionEnv>) => c.get('caller').record;
  const ipOf = (c: Context) => clientIp(c, config.trustProxy);

  // The store's prepaid return label, as the request body itself (its type sniffed from the bytes: PDF or image).
  routes.put(
    '/requests/label',
    uploadLimit(INVOICE_MAX_BYTES, requestMessages.labelType),
    signedIn,
    async (c) => {
      const { bytes, mime } = await uploadedDocument(c, requestMessages.labelType, { field: 'labelFileId' });
      const fileId = await saveFile(db, {
        ownerId: recordOf(c).id,
        packageNumber: null,
        kind: 'return_label',
        mime,
        bytes,
      });
      return c.json({ fileId, message: requestMessages.labelSaved } satisfies Api.LabelSaved, 201);
    },
  );

  routes.get('/requests', signedIn, async (c) => {
    const wanted = c.req.query('paquete');
    const number = wanted === undefined ? undefined : Number(wanted);
    if (number !== undefined && !Number.isSafeInteger(number)) return c.json({ requests: [] });
    c.header('cache-control', 'no-store');
    return c.json({ requests: await customerRequests(db, recordOf(c).id, number) } satisfies Api.RequestList);
  });

  routes.post('/requests', signedIn, async (c) => {
    const body = await readBody(c, newRequestSchema);
    const record = recordOf(c);
    const request = await askRequest(db, record.id, body, ipOf(c));
    const [shown] = await shownRequests(db, [request]);
    if (!shown) throw new NotFound(requestMessages.notFound);
    return c.json(
      { request: shown, message: requestMessages.created(request.id) } satisfies Api.RequestSaved,
      201,
    );
  });

  routes.post('/requests/:id/cancel', signedIn, async (c) => {
    const record = recordOf(c);
    const id = idParam(c);
    const request = await cancelOwnRequest(db, record.id, id, ipOf(c));
    const [shown] = await shownRequests(db, [request]);
    if (!shown) throw new NotFound(requestMessages.notFound);
    return c.json({ request: shown, message: requestMessages.cancelled(id) } satisfies Api.RequestSaved);
  });

  routes.get('/me/instructions', signedIn, async (c) => {
    const wait = recordOf(c).waitForInstructions;
    c.header('cache-control', 'no-store');
    return c.json(instructionsChoice(wait));
  });

  routes.put('/me/instructions', signedIn, async (c) => {
    const { wait } = await readBody(c, instructionsSchema);
    await setWaitForInstructions(db, recordOf(c).id, wait);
    return c.json(instructionsChoice(wait));
  });

  // 'Despachar': the customer's waiting packages may leave in the next dispatch.
  routes.post('/packages/release', signedIn, async (c) => {
    const { numbers } = await readBody(c, releaseSchema);
    const record = recordOf(c);
    const released = await releaseOwnPackages(db, record.id, numbers);
    return c.json({
      numbers: released,
      message: instructionMessages.released(released.length),
    } satisfies Released);
  });

  return routes;
}
