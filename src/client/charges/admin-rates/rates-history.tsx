// The history of the rates, newest first: the date from which each set applies, its values, and whether it is
// in force now, scheduled for a later date, or past.
import { CHARGE_RATE_FIELDS, FEE_RATE_FIELDS } from '../../../shared/charges/rates-form.ts';
import type { RateHistory, Rates } from '../api.ts';
import { rateDay, shownRate } from './rate-words.ts';

function standing(row: Rates, currentId: number, now: number): string {
  if (row.id === currentId) return 'En vigor';
  return new Date(row.effectiveFrom).getTime() > now ? 'Programada' : 'Anterior';
}

export function RatesHistory({ data }: { data: RateHistory }) {
  const now = Date.now();
  return (
    <section aria-labelledby="rates-history-heading">
      <h2 id="rates-history-heading">Historial de tarifas</h2>
      {/* Scrolls sideways on a phone: a keyboard stop with a name lets keyboard users scroll it too (WCAG 2.1.1). */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable. */}
      <section className="table-wrap" aria-label="Historial de tarifas, desplazable" tabIndex={0}>
        <table className="rates-history">
          <caption className="visually-hidden">Tarifas, de la más reciente a la más antigua</caption>
          <thead>
            <tr>
              <th scope="col">Rigen desde</th>
              <th scope="col">Estado</th>
              {CHARGE_RATE_FIELDS.map((field) => (
                <th scope="col" key={field.key}>
                  {field.label}
                </th>
              ))}
              <th scope="col">Servicios en Miami</th>
            </tr>
          </thead>
          <tbody>
            {data.history.map((row) => {
              const state = standing(row, data.currentId, now);
              return (
                <tr key={row.id} className={state === 'En vigor' ? 'rates-history__current' : undefined}>
                  <th scope="row">{rateDay(row.effectiveFrom)}</th>
                  <td>{state === 'En vigor' ? <strong>{state}</strong> : state}</td>
                  {CHARGE_RATE_FIELDS.map((field) => (
                    <td key={field.key}>{shownRate(field.key, row[field.key])}</td>
                  ))}
                  {/* The six fees of the requests and the storage clock in one cell: the table stays on screen. */}
                  <td>
                    <ul className="rates-history__fees">
                      {FEE_RATE_FIELDS.map((field) => (
                        <li key={field.key}>
                          {field.label}: {shownRate(field.key, row[field.key])}
                        </li>
                      ))}
                    </ul>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </section>
    </section>
  );
}
