// The Cloud API client against the stand-in, which checks each request as Meta does: a wamid on success, and each
// error sorted into 'retry later' or 'never arrives' without the token in any reason.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  GRAPH_ERRORS,
  STAND_IN_TOKEN,
  startWhatsappStandIn,
  type WhatsappStandIn,
} from '../../../test/support/whatsapp-stand-in.ts';
import { loadConfig } from '../config.ts';
import { postMessage, templateBody, textBody } from './cloud-api.ts';
import type { WhatsappConfig } from './config.ts';

describe('the Cloud API client', () => {
  let standIn: WhatsappStandIn;
  let config: WhatsappConfig;
  beforeAll(async () => {
    standIn = await startWhatsappStandIn();
    const loaded = loadConfig(standIn.env).whatsapp;
    if (!loaded) throw new Error('config expected');
    config = loaded;
  });
  afterAll(() => standIn?.close());

  const received = (parameters = ['Ana', '100001', 'No había nadie']) =>
    templateBody({ to: '573001234567', template: 'intento_entrega', parameters });

  it('sends a template as Meta expects it and keeps the wamid', async () => {
    const outcome = await postMessage(config, received());
    expect(outcome).toEqual({ kind: 'sent', wamid: expect.stringMatching(/^wamid\./) });
    expect(standIn.received.at(-1)).toMatchObject({
      to: '573001234567',
      template: 'intento_entrega',
      parameters: ['Ana', '100001', 'No había nadie'],
    });
    expect(await postMessage(config, textBody('573001234567', 'Hola'))).toMatchObject({ kind: 'sent' });
  });

  it('gives up on what will never arrive: wrong parameter count, unknown template, a number that is not E.164, 131026', async () => {
    expect(await postMessage(config, received(['Ana', '100001']))).toMatchObject({
      kind: 'never',
      code: 132000,
    });
    const unknown = { ...received(), template: { ...received().template, name: 'no_existe' } };
    expect(await postMessage(config, unknown)).toMatchObject({ kind: 'never', code: 132001 });
    expect(await postMessage(config, { ...received(), to: '+57 300' })).toMatchObject({
      kind: 'never',
      code: 100,
    });
    standIn.answerNext(GRAPH_ERRORS.undeliverable);
    const undeliverable = await postMessage(config, received());
    expect(undeliverable).toMatchObject({ kind: 'never', code: 131026 });
    expect(undeliverable.kind !== 'sent' && undeliverable.reason).toContain('131026');
  });

  it('retries on 429 (with its Retry-After), 5xx, network errors and a refused token, never echoing the token', async () => {
    standIn.answerNext(GRAPH_ERRORS.rateLimit, GRAPH_ERRORS.server);
    expect(await postMessage(config, received())).toMatchObject({
      kind: 'retry',
      code: 130429,
      afterSeconds: 1,
    });
    expect(await postMessage(config, received())).toMatchObject({ kind: 'retry', code: 131000 });
    const refused = await postMessage(
      {
        ...config,
        token: 'EAAotroTokenInvalido12345',
        appSecret: config.appSecret,
        verifyToken: config.verifyToken,
      },
      received(),
    );
    expect(refused).toMatchObject({ kind: 'retry', code: 190 });
    // The secrets are not enumerable: a spread copy must name them.
    const offline = await postMessage(
      {
        ...config,
        token: config.token,
        appSecret: config.appSecret,
        verifyToken: config.verifyToken,
        apiUrl: 'http://127.0.0.1:1',
      },
      received(),
    );
    expect(offline.kind).toBe('retry');
    for (const outcome of [refused, offline]) expect(JSON.stringify(outcome)).not.toContain(STAND_IN_TOKEN);
  });
});
