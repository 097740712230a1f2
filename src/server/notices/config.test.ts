// WhatsApp's variables: all four secrets or none; the secrets never in a message or a serialised config.
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.ts';
import { DEFAULT_WHATSAPP_API_URL, DEFAULT_WHATSAPP_RATE } from './config.ts';

const FULL = {
  WHATSAPP_TOKEN: 'EAAGm0PX4ZCpsBAKZB1234567890abcdef',
  WHATSAPP_PHONE_NUMBER_ID: '106540352242922',
  WHATSAPP_APP_SECRET: 'b6f1c2d3e4f5a6b7c8d9e0f1',
  WHATSAPP_VERIFY_TOKEN: 'verifica-esto',
};

describe('WhatsApp configuration', () => {
  it('is off without the variables', () => {
    expect(loadConfig({}).whatsapp).toBeNull();
  });

  it('is on with the four, with the Graph API and 80 a second by default', () => {
    const config = loadConfig(FULL).whatsapp;
    expect(config).toMatchObject({
      apiUrl: DEFAULT_WHATSAPP_API_URL,
      phoneNumberId: '106540352242922',
      rate: DEFAULT_WHATSAPP_RATE,
    });
    expect(config?.token).toBe(FULL.WHATSAPP_TOKEN);
    expect(JSON.stringify(config)).not.toContain(FULL.WHATSAPP_TOKEN);
    expect(JSON.stringify(config)).not.toContain(FULL.WHATSAPP_APP_SECRET);
    expect(
      loadConfig({ ...FULL, WHATSAPP_API_URL: 'http://127.0.0.1:3100/', WHATSAPP_RATE: '20' }).whatsapp,
    ).toMatchObject({
      apiUrl: 'http://127.0.0.1:3100',
      rate: 20,
    });
  });

  it('names every missing variable when only some are set, and bad values, without echoing them', () => {
    const { WHATSAPP_APP_SECRET: _secret, WHATSAPP_VERIFY_TOKEN: _verify, ...partial } = FULL;
    expect(() => loadConfig(partial)).toThrow(ConfigError);
    try {
      loadConfig(partial);
    } catch (error) {
      const message = (error as Error).message;
      expect(message).toContain('WHATSAPP_APP_SECRET');
      expect(message).toContain('WHATSAPP_VERIFY_TOKEN');
      expect(message).not.toContain(FULL.WHATSAPP_TOKEN);
    }
    const bad = {
      ...FULL,
      WHATSAPP_TOKEN: 'corto token!',
      WHATSAPP_PHONE_NUMBER_ID: '+57 300',
      WHATSAPP_RATE: '0',
    };
    try {
      loadConfig(bad);
      expect.unreachable();
    } catch (error) {
      const message = (error as Error).message;
      for (const key of ['WHATSAPP_TOKEN', 'WHATSAPP_PHONE_NUMBER_ID', 'WHATSAPP_RATE'])
        expect(message).toContain(key);
      expect(message).not.toContain('corto token!');
    }
  });
});
