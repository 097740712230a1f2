// 'Pagos en línea' (/admin/pagos, admins; issue 47 item 11): every online payment in every state, newest first,
// filtered by 'Estado', 'Medio' and 'Día' (the day it began in Colombia), one row each (payment-rows.tsx), and the
// same list in a CSV.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import {
  ONLINE_METHODS,
  ONLINE_PAYMENT_STATES,
  STAFF_PAYMENT_STATE_LABELS,
} from '../../../shared/payments/labels.ts';
import { AdminsOnly } from '../../app/admins-only.tsx';
import { Page } from '../../app/page.tsx';
import { withQuery } from '../../app/query-client.tsx';
import { QueryStates, showsStaffNav } from '../../app/query-states.tsx';
import { StaffNav } from '../../app/staff-nav.tsx';
import { type Choice, SelectField } from '../../components/select-field.tsx';
import { getStaffPayments, paymentKeys, type StaffPaymentFilters, staffPaymentsCsvUrl } from '../api.ts';
import { PaymentRows } from '../payment-rows.tsx';
import './admin-payments.css';

/** The two choices of the filters: each one's query name, label and options. */
const CHOICES: Array<['estado' | 'medio', string, Choice[]]> = [
  [
    'estado',
    'Estado',
    ONLINE_PAYMENT_STATES.map((value) => ({ value, label: STAFF_PAYMENT_STATE_LABELS[value] })),
  ],
  ['medio', 'Medio', ONLINE_METHODS.map((value) => ({ value, label: value }))],
];

function Payments() {
  const id = useId();
  const [filters, setFilters] = useState<StaffPaymentFilters>({ estado: '', medio: '', dia: '' });
  const set = (name: keyof StaffPaymentFilters) => (value: string) =>
    setFilters((before) => ({ ...before, [name]: value }));
  const listed = useQuery({
    queryKey: paymentKeys.staffList(filters),
    queryFn: ({ signal }) => getStaffPayments(filters, signal),
    placeholderData: keepPreviousData,
  });
  return (
    <Page title="Pagos en línea" wide nav={showsStaffNav(listed) ? <StaffNav /> : undefined}>
      <h1>Pagos en línea</h1>
      <p className="lead">
        Cada pago con Wompi, en cualquier estado: lo marcado dice qué hacer (reembolsar, cobrar al cliente).
      </p>
      <QueryStates query={listed} refused={<AdminsOnly />}>
        {(data) => (
          <>
            <div className="payment-filters">
              {CHOICES.map(([name, label, options]) => (
                <SelectField
                  key={name}
                  id={`${id}-${name}`}
                  label={label}
                  value={filters[name]}
                  onValue={set(name)}
                  empty="Todos"
                  options={options}
                />
              ))}
              <div className="field">
                <label htmlFor={`${id}-dia`}>Día</label>
                <input
                  id={`${id}-dia`}
                  type="date"
                  value={filters.dia}
                  onChange={(event) => set('dia')(event.target.value)}
                />
              </div>
            </div>
            <p>
              <a className="button button--secondary" href={staffPaymentsCsvUrl(filters)} download>
                Descargar CSV
              </a>
            </p>
            <section aria-label="Pagos" aria-busy={listed.isFetching || undefined}>
              <PaymentRows payments={data.payments} empty="No hay pagos en línea con estos filtros." />
            </section>
          </>
        )}
      </QueryStates>
    </Page>
  );
}

export default withQuery(Payments);
