// What 'Reintentar' came to (issue 47 item 5: it said 'Listo' and the invoice was refused again, unseen): once the
// server took the retry, the screen reads the invoices again every 2 s until the retried one leaves 'En cola', then
// says whether it was issued or refused again and why; after a minute still waiting, it says so.
import { useQuery } from '@tanstack/react-query';
import type { AdminInvoice } from '../../../shared/einvoice/api-types.ts';
import { getAdminInvoices, invoiceKeys } from '../api.ts';

export interface Outcome {
  tone: 'success' | 'error' | 'info';
  text: string;
}

/** The invoice retried, and when. */
export interface Watched {
  id: number;
  since: number;
}

const WATCH_MS = 60_000;
const LATE: Outcome = {
  tone: 'info',
  text: 'Sigue en cola: el proveedor aún no responde. Mira esta lista en un momento.',
};

function outcomeOf(invoice: AdminInvoice | undefined): Outcome | null {
  if (invoice?.state === 'issued')
    return { tone: 'success', text: `Factura ${invoice.fullNumber ?? ''} emitida: la DIAN la validó.` };
  if (invoice?.state === 'refused') {
    const why = invoice.refusals.map((refusal) => `${refusal.code}: ${refusal.message}`).join('; ');
    return {
      tone: 'error',
      text: `La DIAN la rechazó de nuevo (${why}). Corrige los datos y vuelve a intentarlo.`,
    };
  }
  if (invoice?.state === 'cancelled') return { tone: 'info', text: invoice.lastError ?? 'Factura anulada.' };
  return null;
}

/** What the retried invoice came to: null while it waits (and before any retry). */
export function useRetryOutcome(watched: Watched | null): Outcome | null {
  const find = (invoices: AdminInvoice[] | undefined) =>
    outcomeOf(invoices?.find((invoice) => invoice.id === watched?.id));
  const all = useQuery({
    queryKey: invoiceKeys.admin(''),
    queryFn: ({ signal }) => getAdminInvoices('', signal),
    enabled: watched !== null,
    refetchInterval: (query) =>
      (query.state.dataUpdatedAt > (watched?.since ?? 0) && find(query.state.data?.invoices)) ||
      Date.now() - (watched?.since ?? 0) > WATCH_MS
        ? false
        : 2000,
  });
  if (!watched) return null;
  // Only a list read after the retry: the one before it still holds the old refusal.
  const read = all.dataUpdatedAt > watched.since ? find(all.data?.invoices) : null;
  return read ?? (Date.now() - watched.since > WATCH_MS ? LATE : null);
}
