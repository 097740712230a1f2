// Colombian business days against the official calendars of 2026 and 2027 (Ley 51 de 1983: the days the holidays
// are observed on), written out here by hand, and the due dates the PQR's terms give across 8 December and Easter
// week, in Bogotá time, with the configured overrides.
import { describe, expect, it } from 'vitest';
import { bogotaDay, businessCalendar, dayNumber, dayText } from './business-days.ts';

const OFFICIAL_2026 = [
  '2026-01-01', // Año Nuevo
  '2026-01-12', // Reyes Magos (6 Jan → Monday)
  '2026-03-23', // San José (19 Mar → Monday)
  '2026-04-02', // Jueves Santo
  '2026-04-03', // Viernes Santo
  '2026-05-01', // Día del Trabajo
  '2026-05-18', // Ascensión del Señor
  '2026-06-08', // Corpus Christi
  '2026-06-15', // Sagrado Corazón
  '2026-06-29', // San Pedro y San Pablo
  '2026-07-20', // Independencia
  '2026-08-07', // Batalla de Boyacá
  '2026-08-17', // Asunción de la Virgen (15 Aug → Monday)
  '2026-10-12', // Día de la Raza
  '2026-11-02', // Todos los Santos (1 Nov → Monday)
  '2026-11-16', // Independencia de Cartagena (11 Nov → Monday)
  '2026-12-08', // Inmaculada Concepción
  '2026-12-25', // Navidad
];

const OFFICIAL_2027 = [
  '2027-01-01', // Año Nuevo
  '2027-01-11', // Reyes Magos (6 Jan → Monday)
  '2027-03-22', // San José (19 Mar → Monday)
  '2027-03-25', // Jueves Santo
  '2027-03-26', // Viernes Santo
  '2027-05-01', // Día del Trabajo (a Saturday)
  '2027-05-10', // Ascensión del Señor
  '2027-05-31', // Corpus Christi
  '2027-06-07', // Sagrado Corazón
  '2027-07-05', // San Pedro y San Pablo (29 Jun → Monday)
  '2027-07-20', // Independencia
  '2027-08-07', // Batalla de Boyacá (a Saturday)
  '2027-08-16', // Asunción de la Virgen (15 Aug → Monday)
  '2027-10-18', // Día de la Raza (12 Oct → Monday)
  '2027-11-01', // Todos los Santos
  '2027-11-15', // Independencia de Cartagena (11 Nov → Monday)
  '2027-12-08', // Inmaculada Concepción
  '2027-12-25', // Navidad (a Saturday)
];

/** The weekdays of a year that are not business days. */
function weekdayHolidays(year: number, calendar = businessCalendar()): string[] {
  const found: string[] = [];
  for (let day = dayNumber(`${year}-01-01`); day <= dayNumber(`${year}-12-31`); day++) {
    const text = dayText(day);
    const weekday = new Date(`${text}T12:00:00Z`).getUTCDay();
    if (weekday !== 0 && weekday !== 6 && !calendar.isBusinessDay(text)) found.push(text);
  }
  return found;
}

const onWeekdays = (days: string[]) =>
  days.filter((day) => ![0, 6].includes(new Date(`${day}T12:00:00Z`).getUTCDay()));

describe('Colombian business days', () => {
  it('skips exactly the official holidays of 2026 and 2027 (and every weekend)', () => {
    expect(weekdayHolidays(2026)).toEqual(onWeekdays(OFFICIAL_2026));
    expect(weekdayHolidays(2027)).toEqual(onWeekdays(OFFICIAL_2027));
    const calendar = businessCalendar();
    expect(calendar.isBusinessDay('2026-11-21')).toBe(false); // Saturday
    expect(calendar.isBusinessDay('2026-11-22')).toBe(false); // Sunday
    expect(calendar.isBusinessDay('2026-11-23')).toBe(true);
  });

  it('counts 15 business days from the next business day, across 8 December', () => {
    const calendar = businessCalendar();
    // Filed Tuesday 1 Dec 2026, 10:00 in Bogotá: day 1 is 2 Dec; 8 Dec is skipped.
    expect(calendar.addBusinessDays(new Date('2026-12-01T15:00:00Z'), 15)).toBe('2026-12-23');
    // Filed Monday 23 Nov 2026: the 15th business day is 15 Dec (8 Dec skipped).
    expect(calendar.addBusinessDays(new Date('2026-11-23T15:00:00Z'), 15)).toBe('2026-12-15');
    // A review notified Friday 4 Dec 2026: 5 business days end Monday 14 Dec.
    expect(calendar.addBusinessDays(new Date('2026-12-04T20:00:00Z'), 5)).toBe('2026-12-14');
  });

  it('skips Easter week of 2026 and of 2027', () => {
    const calendar = businessCalendar();
    // Monday 30 Mar 2026: Jueves and Viernes Santo (2–3 Apr) are skipped.
    expect(calendar.addBusinessDays(new Date('2026-03-30T14:00:00Z'), 15)).toBe('2026-04-22');
    // Filed on a holiday (San José, Monday 22 Mar 2027): counting starts on the 23rd; 25–26 Mar are skipped.
    expect(calendar.addBusinessDays(new Date('2027-03-22T14:00:00Z'), 15)).toBe('2027-04-14');
    // Filed on Saturday 27 Mar 2027: day 1 is Monday 29 Mar.
    expect(calendar.addBusinessDays(new Date('2027-03-27T14:00:00Z'), 1)).toBe('2027-03-29');
  });

  it('reads the filing instant in Bogotá time (UTC−5), not UTC', () => {
    const calendar = businessCalendar();
    // 04:30 UTC on Saturday 5 Dec is 23:30 on Friday 4 Dec in Bogotá.
    expect(bogotaDay(new Date('2026-12-05T04:30:00Z'))).toBe('2026-12-04');
    expect(calendar.addBusinessDays(new Date('2026-12-05T04:30:00Z'), 1)).toBe('2026-12-07');
    // 05:00 UTC is midnight in Bogotá: already Saturday.
    expect(bogotaDay(new Date('2026-12-05T05:00:00Z'))).toBe('2026-12-05');
  });

  it('adds and removes holidays by configuration (e.g. 9 July from 2026)', () => {
    const plain = businessCalendar();
    const withJuly = businessCalendar({ extra: ['2026-07-09'] });
    expect(plain.addBusinessDays('2026-07-08', 1)).toBe('2026-07-09');
    expect(withJuly.addBusinessDays('2026-07-08', 1)).toBe('2026-07-10');
    expect(withJuly.isBusinessDay('2026-07-09')).toBe(false);
    const without = businessCalendar({ removed: ['2026-12-08'] });
    expect(without.addBusinessDays('2026-12-07', 1)).toBe('2026-12-08');
    expect(weekdayHolidays(2026, without)).not.toContain('2026-12-08');
  });

  it('counts the business days left to a due day, negative past it', () => {
    const calendar = businessCalendar();
    expect(calendar.businessDaysBetween('2026-12-15', '2026-12-15')).toBe(0);
    expect(calendar.businessDaysBetween('2026-12-04', '2026-12-09')).toBe(2); // 7 and 9 (8 is a holiday)
    expect(calendar.businessDaysBetween('2026-12-09', '2026-12-04')).toBe(-2);
    expect(calendar.businessDaysBetween('2026-11-23', '2026-12-15')).toBe(15);
  });

  it('computes due dates across years and refuses what is not a day', () => {
    const calendar = businessCalendar();
    // Filed 22 Dec 2026: 25 Dec and 1 Jan skipped, Reyes (11 Jan 2027) too.
    expect(calendar.addBusinessDays('2026-12-22', 15)).toBe('2027-01-15');
    expect(() => calendar.businessDaysBetween('hoy', '2026-12-01')).toThrow(RangeError);
    expect(() => bogotaDay('no es una fecha')).toThrow(RangeError);
  });
});
