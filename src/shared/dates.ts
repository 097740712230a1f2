// Dates as our people read them, the one set of formatters for the server's mails and CSVs and for the screens:
// Spanish (Colombia). What happens at the warehouse is told in Miami's time (its day, its clock), whoever reads it;
// a customer's own screens in the reader's time zone (Bogotá's for our customers); a calendar day (a flight, the
// date rates start) as the day it names, which no time zone may move.
export const WAREHOUSE_TIME_ZONE = 'America/New_York';
/** Routes, collections, PQR deadlines and receipts count Colombia's days: UTC−5 all year (no daylight saving). */
export const COLOMBIA_TIME_ZONE = 'America/Bogota';
const DAY_MS = 86_400_000;

type DateInput = Date | string;

/**
 * A formatter that answers the text itself when it is not a date (never 'Invalid Date' on screen). Its
 * Intl.DateTimeFormat is built at its first use: building the eleven of this file when it loads cost a package's page
 * about 30 ms of a slow phone's main thread (128 ms at Lighthouse's 4× slowdown), most for formats it never shows.
 */
function formatter(options: Intl.DateTimeFormatOptions, locale = 'es-CO') {
  let format: Intl.DateTimeFormat | undefined;
  return (value: DateInput): string => {
    const date = new Date(value);
    if (Number.isNaN(date.getTime())) return String(value);
    format ??= new Intl.DateTimeFormat(locale, options);
    return format.format(date);
  };
}

const miami = { timeZone: WAREHOUSE_TIME_ZONE };

/** '22 de noviembre de 2026', in Miami. */
export const formatLongDate = formatter({ dateStyle: 'long', ...miami });

/** '22 nov 2026, 1:30 p. m.', in Miami. */
export const formatDateTime = formatter({ dateStyle: 'medium', timeStyle: 'short', ...miami });

/** '22 nov 2026', in Miami. */
export const formatWarehouseDate = formatter({ dateStyle: 'medium', ...miami });

/** '3:05 p. m.', in Miami. */
export const formatTime = formatter({ timeStyle: 'short', ...miami });

/** '2026-11-22': the day it is in Miami (the day receipts and rates count by). */
export const isoDayInMiami = formatter(miami, 'en-CA');

/** '6:37 a. m.', in Bogotá (the courier's day, whatever the phone's time zone): Colombia is UTC−5 all year. */
export function formatClockInColombia(value: DateInput): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return String(value);
  return clock12(colombiaHour(date), date.getUTCMinutes());
}

/** '2026-11-22': the day it is in Colombia (the day delivery routes run by). */
export const isoDayInColombia = formatter({ timeZone: COLOMBIA_TIME_ZONE }, 'en-CA');

/** The instant a Colombia day ('YYYY-MM-DD') starts. */
export const colombiaDayStart = (day: string) => new Date(`${day}T00:00:00-05:00`);

/** The instants a range of Colombia days covers, `from` and `to` included: [start, end). */
export function colombiaDayRange(from: string, to: string): { start: Date; end: Date } {
  return { start: colombiaDayStart(from), end: new Date(colombiaDayStart(to).getTime() + DAY_MS) };
}

/** The hour it is in Colombia at `now` (0–23). */
export const colombiaHour = (now: Date) => (now.getUTCHours() + 19) % 24;

// Without Intl: what a customer's and the courier's screens draw first. Building a page's first Intl.DateTimeFormat
// cost 30–60 ms of a slow phone's main thread (the courier's route, a package's page: issue 37), and these formats
// need no time zone rules: the reader's own zone is the Date's, Colombia's is UTC−5 all year, and a calendar day is
// its text. Each is checked against Intl's es-CO in dates.test.ts.

/** Spanish (Colombia) month abbreviations, the way Intl's es-CO writes them ('sept', not 'sep'). */
const SHORT_MONTHS = ['ene', 'feb', 'mar', 'abr', 'may', 'jun', 'jul', 'ago', 'sept', 'oct', 'nov', 'dic'];
const pad = (value: number) => String(value).padStart(2, '0');
/** '1 de dic de 2026'. */
const dayText = (date: number, month: number, year: number) => `${date} de ${SHORT_MONTHS[month]} de ${year}`;
/** '2:39 p. m.' for 14:39. */
const clock12 = (hour: number, minute: number) =>
  `${hour % 12 || 12}:${pad(minute)} ${hour < 12 ? 'a. m.' : 'p. m.'}`;

/** A formatter of the instant's parts in the reader's time zone; the text itself when it is not a date. */
function local(write: (date: Date) => string) {
  return (value: DateInput): string => {
    const date = new Date(value);
    return Number.isNaN(date.getTime()) ? String(value) : write(date);
  };
}

/** '22 de nov de 2026', in the reader's time zone. */
export const formatLocalDate = local((date) => dayText(date.getDate(), date.getMonth(), date.getFullYear()));

/** '22/11/2026, 3:05 p. m.', in the reader's time zone. */
export const formatLocalDateTime = local(
  (date) =>
    `${date.getDate()}/${pad(date.getMonth() + 1)}/${date.getFullYear()}, ${clock12(date.getHours(), date.getMinutes())}`,
);

/** '10:42', on a 24-hour clock in the reader's time zone (the time a notice was read, under a move). */
export const formatLocalClock = local((date) => `${pad(date.getHours())}:${pad(date.getMinutes())}`);

/** 'YYYY-MM-DD' → '1 de dic de 2026', whatever the time zone; anything else (or a day no calendar has) as is. */
export function formatCalendarDay(day: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return day;
  const [year, month, date] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const check = new Date(Date.UTC(year, month - 1, date));
  if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== date) return day;
  return dayText(date, month - 1, year);
}

/** 'YYYY-MM-DD' → '23/11/2026' (a TRM's day, the way Colombians write dates); anything else as is. */
export function formatNumericDay(day: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : day;
}
