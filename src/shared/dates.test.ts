import { describe, expect, it } from 'vitest';
import {
  formatCalendarDay,
  formatClockInColombia,
  formatLocalClock,
  formatLocalDate,
  formatLocalDateTime,
  formatTime,
  formatWarehouseDate,
  isoDayInColombia,
  isoDayInMiami,
} from './dates.ts';

describe('the one set of date formatters', () => {
  // 04:30 UTC on 23 Nov is still 22 Nov in Miami (UTC−5) and in Bogotá (UTC−5).
  const lateEvening = new Date('2026-11-23T04:30:00Z');

  it('counts the warehouse day and clock in Miami, whatever the time zone of the reader', () => {
    expect(isoDayInMiami(lateEvening)).toBe('2026-11-22');
    expect(formatWarehouseDate(lateEvening)).toMatch(/22/);
    expect(formatTime(lateEvening)).toMatch(/^11:30/);
  });

  it('counts delivery days in Colombia', () => {
    expect(isoDayInColombia(lateEvening)).toBe('2026-11-22');
    expect(isoDayInColombia(new Date('2026-11-23T05:00:00Z'))).toBe('2026-11-23');
    expect(formatClockInColombia(new Date('2026-11-26T11:37:00Z'))).toBe('6:37 a. m.');
    const intl = new Intl.DateTimeFormat('es-CO', {
      hour: 'numeric',
      minute: '2-digit',
      timeZone: 'America/Bogota',
    });
    for (let hour = 0; hour < 24; hour++) {
      const at = new Date(Date.UTC(2026, 10, 26, hour, 5));
      expect(formatClockInColombia(at)).toBe(intl.format(at));
    }
    expect(formatClockInColombia('no es fecha')).toBe('no es fecha');
  });

  it('writes a calendar day as the day it names, and leaves what is not a date as it is', () => {
    expect(formatCalendarDay('2026-12-01')).toMatch(/^1 de dic\.? de 2026$/);
    expect(formatCalendarDay('no es fecha')).toBe('no es fecha');
    expect(formatCalendarDay('2026-02-30')).toBe('2026-02-30');
    expect(formatWarehouseDate('no es fecha')).toBe('no es fecha');
  });

  it("writes every month of a calendar day as Intl's es-CO does, without building a formatter", () => {
    const intl = new Intl.DateTimeFormat('es-CO', {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      timeZone: 'UTC',
    });
    for (let month = 1; month <= 12; month++) {
      const day = `2026-${String(month).padStart(2, '0')}-${String(month + 10).padStart(2, '0')}`;
      expect(formatCalendarDay(day)).toBe(intl.format(new Date(`${day}T00:00:00Z`)));
    }
  });

  it("writes the reader's date and time as Intl's es-CO does, in the reader's time zone, without building a formatter", () => {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    const date = new Intl.DateTimeFormat('es-CO', { day: 'numeric', month: 'short', year: 'numeric' });
    const dateTime = new Intl.DateTimeFormat('es-CO', { dateStyle: 'medium', timeStyle: 'short' });
    const clock = new Intl.DateTimeFormat('es-CO', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    // Every hour of two days in each month: midnight, noon and the hours around them, in whatever zone runs this.
    for (let month = 0; month < 12; month++)
      for (let hour = 0; hour < 48; hour++) {
        const at = new Date(Date.UTC(2026, month, 1 + month, hour, (hour * 7) % 60));
        const why = `${at.toISOString()} in ${zone}`;
        expect(formatLocalDate(at), why).toBe(date.format(at));
        expect(formatLocalDateTime(at), why).toBe(dateTime.format(at));
        expect(formatLocalClock(at), why).toBe(clock.format(at));
      }
    expect(formatLocalDate('no es fecha')).toBe('no es fecha');
    expect(formatLocalDateTime('no es fecha')).toBe('no es fecha');
  });

  it("writes a clock time as HH:MM on 24 hours in the reader's time zone", () => {
    const at = new Date('2026-11-23T15:42:00Z');
    const pad = (n: number) => String(n).padStart(2, '0');
    expect(formatLocalClock(at)).toBe(`${pad(at.getHours())}:${pad(at.getMinutes())}`);
    expect(formatLocalClock('2026-11-23T00:05:00Z')).toMatch(/^\d{2}:\d{2}$/);
    expect(formatLocalClock('no es fecha')).toBe('no es fecha');
  });
});
