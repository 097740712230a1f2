// The PQR report for a range of filing days (design/pqr.md 'Answering'): by tipo and state, answered on time (the first
// answer notified by its due day), late, overdue now, and the average business days from filing to the first answer;
// the same in CSV.
import { and, gte, lt } from 'drizzle-orm';
import { colombiaDayRange } from '../../shared/dates.ts';
import type * as Api from '../../shared/pqr/api-types.ts';
import { bogotaDay } from '../../shared/pqr/business-days.ts';
import type { ReportQuery } from '../../shared/pqr/forms.ts';
import {
  isOverdue,
  PQR_STATE_LABELS,
  PQR_STATES,
  PQR_TYPE_LABELS,
  PQR_TYPES,
} from '../../shared/pqr/states.ts';
import type { CsvColumns } from '../csv.ts';
import type { Database } from '../db/open.ts';
import { pqrs } from '../db/schema.ts';
import { type PqrSettings, todayInBogota } from './settings.ts';

export async function pqrReport(
  db: Database,
  settings: PqrSettings,
  range: ReportQuery,
  now = new Date(),
): Promise<Api.PqrReport> {
  const { start, end } = colombiaDayRange(range.from, range.to);
  const rows = await db
    .select({
      type: pqrs.type,
      state: pqrs.state,
      filedAt: pqrs.filedAt,
      dueDate: pqrs.dueDate,
      runningDue: pqrs.runningDue,
      firstAnsweredAt: pqrs.firstAnsweredAt,
    })
    .from(pqrs)
    .where(and(gte(pqrs.filedAt, start), lt(pqrs.filedAt, end)));
  const today = todayInBogota(now);
  let answeredOnTime = 0;
  let answeredLate = 0;
  let overdue = 0;
  let answeredDays = 0;
  const byType = new Map<string, number>();
  const byState = new Map<string, number>();
  for (const row of rows) {
    byType.set(row.type, (byType.get(row.type) ?? 0) + 1);
    byState.set(row.state, (byState.get(row.state) ?? 0) + 1);
    if (isOverdue(row.state, row.runningDue, today)) overdue++;
    if (!row.firstAnsweredAt) continue;
    const answeredOn = bogotaDay(row.firstAnsweredAt);
    if (answeredOn <= row.dueDate) answeredOnTime++;
    else answeredLate++;
    answeredDays += settings.calendar.businessDaysBetween(bogotaDay(row.filedAt), answeredOn);
  }
  const answered = answeredOnTime + answeredLate;
  return {
    from: range.from,
    to: range.to,
    total: rows.length,
    byType: PQR_TYPES.map((key) => ({ key, label: PQR_TYPE_LABELS[key], count: byType.get(key) ?? 0 })),
    byState: PQR_STATES.map((key) => ({ key, label: PQR_STATE_LABELS[key], count: byState.get(key) ?? 0 })),
    answeredOnTime,
    answeredLate,
    overdue,
    averageBusinessDaysToAnswer: answered === 0 ? null : Math.round((answeredDays / answered) * 10) / 10,
  };
}

/** The report's lines in CSV: one per figure. */
export interface ReportLine {
  section: string;
  item: string;
  value: number | string;
}

export const REPORT_CSV_COLUMNS: CsvColumns<ReportLine> = [
  ['Sección', (line) => line.section],
  ['Concepto', (line) => line.item],
  ['Valor', (line) => line.value],
];

export function reportLines(report: Api.PqrReport): ReportLine[] {
  const average = report.averageBusinessDaysToAnswer;
  return [
    { section: 'Periodo', item: 'Desde', value: report.from },
    { section: 'Periodo', item: 'Hasta', value: report.to },
    { section: 'Total', item: 'PQR radicadas', value: report.total },
    ...report.byType.map((entry) => ({ section: 'Por tipo', item: entry.label, value: entry.count })),
    ...report.byState.map((entry) => ({ section: 'Por estado', item: entry.label, value: entry.count })),
    { section: 'Oportunidad', item: 'Respondidas a tiempo', value: report.answeredOnTime },
    { section: 'Oportunidad', item: 'Respondidas tarde', value: report.answeredLate },
    { section: 'Oportunidad', item: 'Vencidas sin respuesta', value: report.overdue },
    {
      section: 'Oportunidad',
      item: 'Promedio de días hábiles para responder',
      value: average === null ? '' : String(average).replace('.', ','),
    },
  ];
}
