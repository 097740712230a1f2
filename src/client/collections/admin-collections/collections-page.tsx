// design/delivery.md 'Collections and the cash close' /admin/recaudos ('Recaudos', admins). The money to chase first:
// the cash of routes not yet closed (who holds how much, since when, 'Cerrar') and each carrier's amounts delivered but
// not remitted, the oldest debt first; then, for a range of days ('Desde', 'Hasta'; the last 7 days by default),
// what was expected, collected, received, pending and short, in all, by means, by courier and by carrier; 'Descargar
// CSV'; and 'Importar liquidación'. Kept live by the routes' stream. Anyone else: 403.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { collectionMessages, daysInRange, MAX_RECAUDOS_DAYS } from '../../../shared/collections/forms.ts';
import { formatCalendarDay, isoDayInColombia } from '../../../shared/dates.ts';
import { AdminsOnly } from '../../app/admins-only.tsx';
import { Page } from '../../app/page.tsx';
import { withQuery } from '../../app/query-client.tsx';
import { failedStatus, QueryStates, showsStaffNav } from '../../app/query-states.tsx';
import { StaffNav } from '../../app/staff-nav.tsx';
import {
  collectionKeys,
  type DayRange,
  getRecaudos,
  recaudosCsvUrl,
  useRecaudosLiveUpdates,
} from '../api.ts';
import { OnlinePayments } from './online-payments.tsx';
import { PendingMoney } from './pending-money.tsx';
import { RangeFigures } from './range-figures.tsx';
import { RemittanceImport } from './remittance-import.tsx';
import './admin-collections.css';

/** The last 7 days of Colombia's calendar, today included. */
function lastWeek(): DayRange {
  const to = isoDayInColombia(new Date());
  const from = new Date(Date.parse(`${to}T12:00:00Z`) - 6 * 86_400_000).toISOString().slice(0, 10);
  return { from, to };
}

/** What is wrong with a range as typed, or '' (the server checks it the same way). */
function rangeProblem(range: DayRange): string {
  const days = daysInRange(range.from, range.to);
  if (Number.isNaN(days) || days < 1) return collectionMessages.range;
  return days > MAX_RECAUDOS_DAYS ? collectionMessages.rangeTooLong : '';
}

const RANGE_ENDS = [
  ['from', 'Desde'],
  ['to', 'Hasta'],
] as const;

/** One end of the range: a day picker whose message, when the range is wrong, is the range's (`error`: its id). */
function DayField(props: {
  id: string;
  label: string;
  value: string;
  error: string;
  onDay: (day: string) => void;
}) {
  return (
    <div className="field">
      <label htmlFor={props.id}>{props.label}</label>
      <input
        id={props.id}
        type="date"
        value={props.value}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={props.error || undefined}
        onChange={(event) => props.onDay(event.target.value)}
      />
    </div>
  );
}

function CollectionsPage() {
  const id = useId();
  const [range, setRange] = useState(lastWeek);
  const problem = rangeProblem(range);
  const recaudos = useQuery({
    queryKey: collectionKeys.range(range),
    queryFn: ({ signal }) => getRecaudos(range, signal),
    // Another range keeps the figures on screen (and the dates in place) until its own arrive.
    placeholderData: keepPreviousData,
    enabled: problem === '',
  });
  useRecaudosLiveUpdates(recaudos.isSuccess);
  const refused = failedStatus(recaudos) === 403;

  return (
    <Page title="Recaudos" wide nav={showsStaffNav(recaudos) ? <StaffNav /> : undefined}>
      <h1>Recaudos</h1>
      {!recaudos.isPending && !refused && (
        <>
          <p className="lead">
            Quién tiene el dinero cobrado en la puerta: lo esperado, lo recaudado y lo pendiente de cada
            mensajero y de cada transportadora.
          </p>
          <div className="toolbar recaudos-range">
            {RANGE_ENDS.map(([end, label]) => (
              <DayField
                key={end}
                id={`${id}-${end}`}
                label={label}
                value={range[end]}
                error={problem ? `${id}-range-error` : ''}
                onDay={(day) => setRange({ ...range, [end]: day })}
              />
            ))}
            {!problem && (
              <a className="button button--secondary" href={recaudosCsvUrl(range)} download>
                Descargar CSV
              </a>
            )}
          </div>
          {problem && (
            <p className="form-error" id={`${id}-range-error`} role="alert">
              {problem}
            </p>
          )}
        </>
      )}
      <QueryStates query={recaudos} refused={<AdminsOnly />}>
        {(data) => (
          <>
            <PendingMoney recaudos={data} />
            <section aria-labelledby={`${id}-range`} aria-busy={recaudos.isFetching || undefined}>
              <h2 id={`${id}-range`}>
                Del {formatCalendarDay(data.from)} al {formatCalendarDay(data.to)}
              </h2>
              <RangeFigures recaudos={data} />
            </section>
            <OnlinePayments />
            <RemittanceImport />
          </>
        )}
      </QueryStates>
    </Page>
  );
}

export default withQuery(CollectionsPage);
