// 'Tarifas' opens on the rates in force (issue 47 item 13): the day they apply from and every value, before the form
// for new ones. The TRM changes every business day: when the set in force began more than a day ago and none is
// scheduled, the screen says the TRM is that old and where to write today's.
import { CHARGE_RATE_FIELDS, FEE_RATE_FIELDS } from '../../../shared/charges/rates-form.ts';
import { DAY_MS } from '../../../shared/requests/storage.ts';
import { FactList } from '../../components/fact-list.tsx';
import { Notice } from '../../components/notice.tsx';
import type { RateHistory } from '../api.ts';
import { formatTrm } from '../rate-format.ts';
import { rateDay, shownRate } from './rate-words.ts';

export function RatesInForce({ data, now }: { data: RateHistory; now: number }) {
  const current = data.history.find((row) => row.id === data.currentId);
  if (!current) return null;
  const scheduled = data.history.some((row) => new Date(row.effectiveFrom).getTime() > now);
  const stale = !scheduled && now - new Date(current.effectiveFrom).getTime() > DAY_MS;
  const facts = [...CHARGE_RATE_FIELDS, ...FEE_RATE_FIELDS].map((field): [string, string] => [
    field.label,
    shownRate(field.key, current[field.key]),
  ]);
  return (
    <section className="card" aria-labelledby="rates-in-force-heading">
      <h2 id="rates-in-force-heading">Tarifas en vigor</h2>
      <p>Rigen desde el {rateDay(current.effectiveFrom)}.</p>
      {stale && (
        <Notice tone="info">
          <p>
            La TRM en vigor ({formatTrm(current.trmHundredths)}) rige desde el{' '}
            {rateDay(current.effectiveFrom)} y la TRM cambia cada día: escribe la de hoy en «Nuevas tarifas».
          </p>
        </Notice>
      )}
      <FactList className="data-list" facts={facts} />
    </section>
  );
}
