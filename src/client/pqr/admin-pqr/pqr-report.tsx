// design/pqr.md's report for a date range (filing days in Bogotá): PQR by tipo and by state, answered on time and late,
// overdue, the average business days to answer, and 'Descargar CSV' of the same range.
import { skipToken, useQuery } from '@tanstack/react-query';
import { isoDayInColombia } from '../../../shared/dates.ts';
import type { PqrReport, PqrReportCount } from '../../../shared/pqr/api-types.ts';
import { type ReportQuery, reportQuerySchema } from '../../../shared/pqr/forms.ts';
import { FactList } from '../../components/fact-list.tsx';
import { Field } from '../../components/field.tsx';
import { FormError, FormShell, SubmitButton } from '../../components/form-shell.tsx';
import { Notice } from '../../components/notice.tsx';
import { useForm } from '../../components/use-form.ts';
import { getReport, pqrKeys, reportCsvUrl } from '../api.ts';

const today = () => isoDayInColombia(new Date());

function Counts({ title, counts }: { title: string; counts: PqrReportCount[] }) {
  return (
    <div>
      <h3>{title}</h3>
      <FactList
        className="data-list"
        facts={counts.map((count) => [count.label, String(count.count)] as const)}
      />
    </div>
  );
}

function ReportFigures({ report }: { report: PqrReport }) {
  const average = report.averageBusinessDaysToAnswer;
  return (
    <>
      <FactList
        className="data-list"
        facts={[
          ['PQR radicadas', String(report.total)],
          ['Respondidas a tiempo', String(report.answeredOnTime)],
          ['Respondidas tarde', String(report.answeredLate)],
          ['Vencidas sin respuesta', String(report.overdue)],
          [
            'Promedio de días hábiles para responder',
            average === null ? 'Sin respuestas aún' : average.toLocaleString('es-CO'),
          ],
        ]}
      />
      <div className="pqr-report__counts">
        <Counts title="Por tipo" counts={report.byType} />
        <Counts title="Por estado" counts={report.byState} />
      </div>
      <p>
        <a className="button button--secondary" href={reportCsvUrl(report)} download>
          Descargar CSV
        </a>
      </p>
    </>
  );
}

export function PqrReportSection() {
  const form = useForm<ReportQuery, ReportQuery, ReportQuery>({
    initial: () => ({ from: `${today().slice(0, 8)}01`, to: today() }),
    schema: reportQuerySchema,
    ids: (field) => `report-${field}`,
    submit: async (range) => range,
  });
  const range = form.result;
  const report = useQuery({
    queryKey: pqrKeys.report(range ?? { from: '', to: '' }),
    queryFn: range ? ({ signal }) => getReport(range, signal) : skipToken,
  });

  return (
    <section className="card" aria-labelledby="report-heading">
      <h2 id="report-heading">Informe</h2>
      <FormShell form={form} className="form pqr-report__range">
        <Field {...form.field('from')} label="Desde" type="date" required />
        <Field {...form.field('to')} label="Hasta" type="date" required />
        <FormError message={form.formError} />
        <SubmitButton busy={form.busy || report.isFetching} label="Ver informe" busyLabel="Calculando..." />
      </FormShell>
      {report.isError && <Notice tone="error">{report.error.message}</Notice>}
      {report.data && <ReportFigures report={report.data} />}
    </section>
  );
}
