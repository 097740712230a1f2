// The PQR's settings as the modules use them: the business-day calendar with its overrides, the legal terms, the
// radicado's format, and what mails need (brand, company, links).
import { type BusinessCalendar, bogotaDay, businessCalendar } from '../../shared/pqr/business-days.ts';
import type { Config } from '../config.ts';

export interface PqrSettings {
  calendar: BusinessCalendar;
  answerDays: number;
  reviewDays: number;
  radicadoFormat: string;
  reminderHour: number;
  brandName: string;
  companyName: string;
  appUrl: string;
}

/** One calendar per configuration (its holidays are cached as it goes). */
const calendars = new WeakMap<Config, PqrSettings>();

export function pqrSettingsOf(config: Config): PqrSettings {
  let settings = calendars.get(config);
  if (!settings) {
    settings = {
      calendar: businessCalendar({
        extra: config.pqr.extraHolidays,
        removed: config.pqr.removedHolidays,
      }),
      answerDays: config.pqr.answerDays,
      reviewDays: config.pqr.reviewDays,
      radicadoFormat: config.pqr.radicadoFormat,
      reminderHour: config.pqr.reminderHour,
      brandName: config.brandName,
      companyName: config.companyName,
      appUrl: config.appUrl,
    };
    calendars.set(config, settings);
  }
  return settings;
}

/** 'PQR-2026-000123': the format with the filing's year (Bogotá) and the sequence number, 6 digits at least. */
export function radicadoOf(format: string, number: number, filedAt: Date): string {
  const year = bogotaDay(filedAt).slice(0, 4);
  return format.replaceAll('{año}', year).replaceAll('{numero}', String(number).padStart(6, '0'));
}

/** Today in Bogotá ('YYYY-MM-DD'). */
export const todayInBogota = (now: Date = new Date()) => bogotaDay(now);
