// Colombian business days ('días hábiles', design/pqr.md 'Deadlines'): Monday to Friday except the public holidays of
// Ley 51 de 1983 (computed by `colombian-holidays`, the days they are observed on), plus the holidays configuration
// adds and minus those it removes, so a new law needs no release. Days are 'YYYY-MM-DD' in Bogotá, which keeps
// UTC−5 all year (no daylight saving since 1993). Pure and fast: days are counted as integers, holidays cached per
// year.
import { getHolidaysForYear } from 'colombian-holidays';

/** Holidays configuration adds (a new law) or removes (one the library has and the law no longer does). */
export interface HolidayOverrides {
  extra?: readonly string[];
  removed?: readonly string[];
}

export interface BusinessCalendar {
  isBusinessDay(day: string): boolean;
  /**
   * The due day of a term of `n` business days started at `from` (an instant, or a 'YYYY-MM-DD' day in Bogotá):
   * counted from the next business day after the day `from` falls on, so the first day counted is the first
   * business day after it and the answer is the n-th.
   */
  addBusinessDays(from: Date | string, n: number): string;
  /**
   * Business days from `from` to `to` ('YYYY-MM-DD'): those after `from` up to and including `to`; 0 when `to` is
   * `from`; negative (minus those after `to` up to and including `from`) when `to` is before it.
   */
  businessDaysBetween(from: string, to: string): number;
}

const DAY_MS = 86_400_000;
const BOGOTA_OFFSET_MS = -5 * 3_600_000;
const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Days since 1970-01-01 of a 'YYYY-MM-DD' day. */
export function dayNumber(day: string): number {
  const match = DAY_PATTERN.exec(day);
  if (!match) throw new RangeError(`Not a day: ${day}`);
  return Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) / DAY_MS;
}

/** The 'YYYY-MM-DD' day of a day number. */
export function dayText(number: number): string {
  return new Date(number * DAY_MS).toISOString().slice(0, 10);
}

/** The day it is in Bogotá at `instant` ('YYYY-MM-DD'); a 'YYYY-MM-DD' string is already a day. */
export function bogotaDay(instant: Date | string): string {
  if (typeof instant === 'string' && DAY_PATTERN.test(instant)) return instant;
  const time = new Date(instant).getTime();
  if (Number.isNaN(time)) throw new RangeError(`Not an instant: ${String(instant)}`);
  return dayText(Math.floor((time + BOGOTA_OFFSET_MS) / DAY_MS));
}

function bogotaDayNumber(from: Date | string): number {
  if (typeof from === 'string' && DAY_PATTERN.test(from)) return dayNumber(from);
  return Math.floor((new Date(from).getTime() + BOGOTA_OFFSET_MS) / DAY_MS);
}

const yearOf = (number: number) => new Date(number * DAY_MS).getUTCFullYear();

/** A calendar with the library's holidays and the configured overrides. */
export function businessCalendar(overrides: HolidayOverrides = {}): BusinessCalendar {
  const extra = (overrides.extra ?? []).map(dayNumber);
  const removed = new Set((overrides.removed ?? []).map(dayNumber));
  // Every holiday of the years loaded so far, as day numbers; the years are loaded as days reach them.
  const holidays = new Set<number>();
  const loadedYears = new Set<number>();
  let loadedFrom = 0;
  let loadedTo = -1;

  function load(number: number) {
    const year = yearOf(number);
    if (!loadedYears.has(year)) {
      loadedYears.add(year);
      for (const holiday of getHolidaysForYear(year)) {
        const day = dayNumber(holiday.celebrationDate);
        if (!removed.has(day)) holidays.add(day);
      }
      for (const day of extra) if (yearOf(day) === year) holidays.add(day);
    }
    // The contiguous span of loaded years around this one, so most days need no year at all.
    const first = Date.UTC(year, 0, 1) / DAY_MS;
    const last = Date.UTC(year + 1, 0, 1) / DAY_MS - 1;
    if (loadedTo < loadedFrom || first > loadedTo + 1 || last < loadedFrom - 1) {
      loadedFrom = first;
      loadedTo = last;
    } else {
      loadedFrom = Math.min(loadedFrom, first);
      loadedTo = Math.max(loadedTo, last);
    }
  }

  function isBusiness(number: number): boolean {
    const weekday = (number + 4) % 7; // 1970-01-01 was a Thursday; 0 is Sunday, 6 Saturday.
    if (weekday === 0 || weekday === 6) return false;
    if (number < loadedFrom || number > loadedTo) load(number);
    return !holidays.has(number);
  }

  function countBetween(from: number, to: number): number {
    let count = 0;
    for (let day = from + 1; day <= to; day++) if (isBusiness(day)) count++;
    return count;
  }

  return {
    isBusinessDay: (day) => isBusiness(dayNumber(day)),
    addBusinessDays(from, n) {
      let day = bogotaDayNumber(from);
      let left = n;
      while (left > 0) {
        day++;
        if (isBusiness(day)) left--;
      }
      return dayText(day);
    },
    businessDaysBetween(from, to) {
      const start = dayNumber(from);
      const end = dayNumber(to);
      return end >= start ? countBetween(start, end) : -countBetween(end, start);
    },
  };
}

/** '2026-12-01 10:05': an instant in Bogotá's day and clock (records for the authority name Bogotá's time). */
export function bogotaDateTime(instant: Date | string): string {
  const time = new Date(instant).getTime();
  if (Number.isNaN(time)) return String(instant);
  return new Date(time + BOGOTA_OFFSET_MS).toISOString().slice(0, 16).replace('T', ' ');
}
