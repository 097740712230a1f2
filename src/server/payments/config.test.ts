import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { logicDrivers } from '../../../test/support/database.ts';
import { startTestServer } from '../../../test/support/server.ts';
import { WOMPI_TEST_KEYS } from '../../../test/support/wompi-keys.ts';
import { ConfigError, loadConfig, publicConfig } from '../config.ts';
import { DEFAULT_WOMPI_API_URL, DEFAULT_WOMPI_CHECKOUT_URL, WOMPI_OFF_LINE } from './config.ts';

describe('Wompi configuration', () => {
  it('is off without the keys, and the browser gets no key', () => {
    const config = loadConfig({});
    expect(config.wompi).toBeNull();
    expect(publicConfig(config).wompiPublicKey).toBe('');
  });

  it('reads the four keys and the URLs; only the public key reaches the browser, no secret is printable', () => {
    const config = loadConfig({ ...WOMPI_TEST_KEYS, WOMPI_API_URL: 'http://127.0.0.1:4010/v1/' });
    expect(config.wompi).toMatchObject({
      apiUrl: 'http://127.0.0.1:4010/v1',
      checkoutUrl: DEFAULT_WOMPI_CHECKOUT_URL,
      publicKey: WOMPI_TEST_KEYS.WOMPI_PUBLIC_KEY,
      privateKey: WOMPI_TEST_KEYS.WOMPI_PRIVATE_KEY,
      integritySecret: WOMPI_TEST_KEYS.WOMPI_INTEGRITY_SECRET,
      eventsSecret: WOMPI_TEST_KEYS.WOMPI_EVENTS_SECRET,
    });
    expect(loadConfig(WOMPI_TEST_KEYS).wompi?.apiUrl).toBe(DEFAULT_WOMPI_API_URL);
    const shown =
      JSON.stringify(publicConfig(config)) + JSON.stringify(config) + inspect(config, { depth: 9 });
    expect(shown).toContain(WOMPI_TEST_KEYS.WOMPI_PUBLIC_KEY);
    for (const secret of ['prv_test_', 'test_integrity_', 'test_events_'])
      expect(shown).not.toContain(secret);
  });

  it('names each missing key when only some are set, and refuses keys that are not Wompi keys', () => {
    const { WOMPI_EVENTS_SECRET: _, ...three } = WOMPI_TEST_KEYS;
    expect(() => loadConfig(three)).toThrow(/WOMPI_EVENTS_SECRET: falta/);
    for (const [name, value] of [
      ['WOMPI_PUBLIC_KEY', 'prv_test_abc'],
      ['WOMPI_PRIVATE_KEY', 'pub_test_abc'],
      ['WOMPI_INTEGRITY_SECRET', 'secreto'],
      ['WOMPI_EVENTS_SECRET', 'test_integrity_abc'],
      ['WOMPI_API_URL', 'sandbox.wompi.co'],
      ['WOMPI_CHECKOUT_URL', 'ftp://checkout'],
    ]) {
      const env = { ...WOMPI_TEST_KEYS, [name as string]: value as string };
      expect(() => loadConfig(env)).toThrow(ConfigError);
      expect(() => loadConfig(env)).toThrow(new RegExp(`${name}:`));
      // The message names the variable, never the other keys' values.
      expect(() => loadConfig(env)).not.toThrow(/prv_test_privatekey|secretofthestandin/);
    }
  });

  it('refuses test keys mixed with production keys', () => {
    expect(() => loadConfig({ ...WOMPI_TEST_KEYS, WOMPI_PRIVATE_KEY: 'prv_prod_abc123' })).toThrow(
      /mezcla llaves de pruebas/,
    );
  });
});

describe.each(logicDrivers)('Wompi off on %s', (driver) => {
  it('says so once at start', async () => {
    const server = await startTestServer(driver);
    try {
      expect(server.log().filter((line) => line.msg === WOMPI_OFF_LINE)).toHaveLength(1);
    } finally {
      await server.close();
    }
  });

  it('says nothing when the keys are set', async () => {
    const server = await startTestServer(driver, WOMPI_TEST_KEYS);
    try {
      expect(server.log().filter((line) => line.msg === WOMPI_OFF_LINE)).toHaveLength(0);
      expect(server.logText()).not.toMatch(/secretofthestandin|prv_test_privatekey/);
    } finally {
      await server.close();
    }
  });
});
