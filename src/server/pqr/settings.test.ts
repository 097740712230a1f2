// The PQR settings: validated at start-up (an invalid value names its variable), with the legal defaults.
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.ts';
import { radicadoOf } from './settings.ts';

describe('PQR settings', () => {
  it('defaults to 15 and 5 business days and PQR-{año}-{numero}', () => {
    const config = loadConfig({});
    expect(config.pqr).toEqual({
      answerDays: 15,
      reviewDays: 5,
      radicadoFormat: 'PQR-{año}-{numero}',
      extraHolidays: [],
      removedHolidays: [],
      reminderHour: 7,
    });
    expect(radicadoOf(config.pqr.radicadoFormat, 123, new Date('2026-03-01T12:00:00Z'))).toBe(
      'PQR-2026-000123',
    );
    // The year is Bogotá's: 04:00 UTC on 1 January is still the old year there.
    expect(radicadoOf('CUN{numero}', 7, new Date('2027-01-01T04:00:00Z'))).toBe('CUN000007');
    expect(radicadoOf('R-{año}-{numero}', 7, new Date('2027-01-01T04:00:00Z'))).toBe('R-2026-000007');
  });

  it('reads the overrides and refuses bad values, naming them', () => {
    const config = loadConfig({
      PQR_ANSWER_DAYS: '10',
      PQR_EXTRA_HOLIDAYS: '2026-07-09, 2027-07-09',
      PQR_REMOVED_HOLIDAYS: '2026-12-08',
    });
    expect(config.pqr.answerDays).toBe(10);
    expect(config.pqr.extraHolidays).toEqual(['2026-07-09', '2027-07-09']);
    expect(config.pqr.removedHolidays).toEqual(['2026-12-08']);
    expect(() => loadConfig({ PQR_REVIEW_DAYS: 'cinco' })).toThrow(/PQR_REVIEW_DAYS/);
    expect(() => loadConfig({ PQR_RADICADO_FORMAT: 'PQR/{año}' })).toThrow(ConfigError);
    expect(() => loadConfig({ PQR_EXTRA_HOLIDAYS: '9 de julio' })).toThrow(/PQR_EXTRA_HOLIDAYS/);
  });
});
