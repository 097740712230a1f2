import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.ts';

describe('electronic invoicing configuration', () => {
  it('is off when EINVOICE_PROVIDER is unset', () => {
    expect(loadConfig({}).einvoice).toBeNull();
  });

  it('names each FACTUS_* variable missing for EINVOICE_PROVIDER=factus, and never shows a secret', () => {
    let error: unknown;
    try {
      loadConfig({
        EINVOICE_PROVIDER: 'factus',
        FACTUS_URL: 'http://localhost:3200',
        FACTUS_PASSWORD: 'secreto-123',
      });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = String((error as Error).message);
    for (const key of [
      'FACTUS_CLIENT_ID',
      'FACTUS_CLIENT_SECRET',
      'FACTUS_USERNAME',
      'FACTUS_NUMBERING_RANGE_ID',
    ])
      expect(message).toContain(key);
    expect(message).not.toContain('FACTUS_URL:');
    expect(message).not.toContain('secreto-123');
  });

  it('refuses another provider and a rate out of range', () => {
    expect(() => loadConfig({ EINVOICE_PROVIDER: 'alegra' })).toThrow(/EINVOICE_PROVIDER/);
    expect(() => loadConfig({ EINVOICE_RATE_PER_MINUTE: '0' })).toThrow(/EINVOICE_RATE_PER_MINUTE/);
  });
});
