// design/payments.md 'The electronic invoice' /admin/facturas ('Facturas electrónicas', admins only): every
// settlement's invoice by state — issued with its number and CUFE, pending with why it waits, refused with DIAN's codes
// and messages and 'Reintentar' once the customer's data were fixed, cancelled when its sale was voided first — and a
// notice while invoicing is off.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { AdminInvoice } from '../../../shared/einvoice/api-types.ts';
import { INVOICE_STATE_LABELS, invoiceMessages } from '../../../shared/einvoice/labels.ts';
import { formatCop } from '../../../shared/money.ts';
import { paths } from '../../../shared/paths.ts';
import { AdminsOnly } from '../../app/admins-only.tsx';
import { Page } from '../../app/page.tsx';
import { withQuery } from '../../app/query-client.tsx';
import { QueryStates, showsStaffNav } from '../../app/query-states.tsx';
import { Link } from '../../app/router.tsx';
import { StaffNav } from '../../app/staff-nav.tsx';
import { TableHead } from '../../components/column-heads.tsx';
import { Notice } from '../../components/notice.tsx';
import { RowAction } from '../../components/row-action.tsx';
import { SelectField } from '../../components/select-field.tsx';
import { TableScroll } from '../../components/table-scroll.tsx';
import { getAdminInvoices, invoiceKeys, invoicesCsvUrl, retryInvoice } from '../api.ts';
import { useRetryOutcome, type Watched } from './retry-outcome.ts';

const COLUMNS = ['Paquete', 'Cliente', 'Estado', 'Factura', 'Total', 'Detalle', 'Acción'];

function Detail({ invoice }: { invoice: AdminInvoice }) {
  if (invoice.state === 'issued') return <span className="mono">CUFE {invoice.cufe}</span>;
  if (invoice.state === 'cancelled') return <>{invoice.lastError}</>;
  if (invoice.state === 'refused')
    return (
      <ul>
        {invoice.refusals.map((refusal) => (
          <li key={`${refusal.code}-${refusal.message}`}>
            {refusal.code}: {refusal.message}
          </li>
        ))}
      </ul>
    );
  return (
    <>{invoice.lastError ? `Intento ${invoice.attempts}: ${invoice.lastError}` : 'En cola para enviar'}</>
  );
}

function InvoiceRows({ invoices }: { invoices: AdminInvoice[] }) {
  const queryClient = useQueryClient();
  const [message, setMessage] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const [watched, setWatched] = useState<Watched | null>(null);
  const outcome = useRetryOutcome(watched);
  const retry = useMutation({
    mutationFn: retryInvoice,
    onSuccess: (answer, id) => {
      setMessage({ tone: 'success', text: answer.message });
      setWatched({ id, since: Date.now() });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'invoices'] });
    },
    onError: (error) => setMessage({ tone: 'error', text: error.message }),
  });
  // The answer to 'Reintentar', then what it came to, stay when the retried invoice leaves the list ('Rechazadas'
  // then holds none).
  const notice = (
    <>
      {message && <Notice tone={message.tone}>{message.text}</Notice>}
      {outcome && <Notice tone={outcome.tone}>{outcome.text}</Notice>}
    </>
  );
  if (invoices.length === 0)
    return (
      <>
        {notice}
        <p>No hay facturas en este estado.</p>
      </>
    );
  return (
    <>
      {notice}
      <TableScroll label="Facturas electrónicas">
        <table>
          <TableHead columns={COLUMNS} />
          <tbody>
            {invoices.map((invoice) => (
              <tr key={invoice.id}>
                <th scope="row" id={`factura-${invoice.id}`}>
                  <Link to={paths.adminPackage(invoice.packageNumber)}>{invoice.packageNumber}</Link>
                  {invoice.kind === 'credit_note' ? ' (nota crédito)' : ''}
                </th>
                <td>
                  {invoice.customerName} {invoice.lockerNumber && `(#${invoice.lockerNumber})`}
                </td>
                <td>{INVOICE_STATE_LABELS[invoice.state]}</td>
                <td>{invoice.fullNumber ?? '—'}</td>
                <td>{formatCop(invoice.totalCop)}</td>
                <td>
                  <Detail invoice={invoice} />
                </td>
                <td>
                  {invoice.state === 'refused' && (
                    <RowAction
                      label="Reintentar"
                      describedBy={`factura-${invoice.id}`}
                      disabled={retry.isPending}
                      onClick={() => retry.mutate(invoice.id)}
                    />
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
    </>
  );
}

function Invoices() {
  const [state, setState] = useState('');
  const listed = useQuery({
    queryKey: invoiceKeys.admin(state),
    queryFn: ({ signal }) => getAdminInvoices(state, signal),
    placeholderData: keepPreviousData,
  });
  return (
    <Page title="Facturas electrónicas" wide nav={showsStaffNav(listed) ? <StaffNav /> : undefined}>
      <h1>Facturas electrónicas</h1>
      <p className="lead">
        La factura electrónica de cada liquidación, validada por la DIAN a través del proveedor.
      </p>
      <QueryStates query={listed} refused={<AdminsOnly />}>
        {(data) => (
          <>
            {!data.enabled && <Notice tone="info">{invoiceMessages.off}</Notice>}
            <SelectField
              id="facturas-estado"
              label="Estado"
              value={state}
              onValue={setState}
              empty="Todas"
              options={(['issued', 'pending', 'refused', 'cancelled'] as const).map((value) => ({
                value,
                label: `${INVOICE_STATE_LABELS[value]} (${data.counts[value]})`,
              }))}
            />
            <p>
              <a className="button button--secondary" href={invoicesCsvUrl(state)} download>
                Descargar CSV
              </a>
            </p>
            <InvoiceRows invoices={data.invoices} />
          </>
        )}
      </QueryStates>
    </Page>
  );
}

export default withQuery(Invoices);
