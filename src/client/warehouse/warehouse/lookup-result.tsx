// What the scanned guide is: its pre-alert (customer, 'Casillero N', store, content, value, instructions), a guide
// received before ('Este paquete ya fue recibido el …', which package for which locker, and its label to print
// again), or no pre-alert at all.
import { formatUsd } from '../../../shared/money.ts';
import { CARRIER_NAMES, type Carrier } from '../../../shared/packages/guides.ts';
import { paths } from '../../../shared/paths.ts';
import { FactList } from '../../components/fact-list.tsx';
import { Notice } from '../../components/notice.tsx';
import type { Lookup } from '../api.ts';

export type LookupState =
  | { status: 'idle' }
  | { status: 'loading'; guide: string }
  | { status: 'done'; lookup: Lookup }
  | { status: 'error'; message: string };

const carrierName = (carrier: Carrier | null) => (carrier ? CARRIER_NAMES[carrier] : null);

export function LookupResult({ state }: { state: LookupState }) {
  if (state.status === 'idle') return null;
  if (state.status === 'loading')
    return (
      <p role="status" className="field__hint">
        Buscando la guía {state.guide}...
      </p>
    );
  if (state.status === 'error') return <Notice tone="error">{state.message}</Notice>;

  const { lookup } = state;
  if (lookup.alreadyReceived)
    return (
      <Notice tone="error">
        <p>{lookup.alreadyReceived}</p>
        {lookup.match && (
          <>
            <p className="lookup-match__title">
              Paquete {lookup.match.number} ·{' '}
              {lookup.match.lockerNumber ? `Casillero ${lookup.match.lockerNumber}` : 'Sin identificar'}
              {lookup.match.customerName && ` · ${lookup.match.customerName}`}
            </p>
            <a
              className="button button--small"
              href={paths.label(lookup.match.number)}
              target="_blank"
              rel="noopener"
            >
              Imprimir etiqueta
            </a>
          </>
        )}
      </Notice>
    );
  const carrier = carrierName(lookup.carrier);
  const match = lookup.match;
  if (!match)
    return (
      <Notice tone="info">
        <p>
          <strong>Sin prealerta</strong> para la guía {lookup.guide}
          {carrier && ` (${carrier})`}.
        </p>
        <p>
          Escribe el casillero que aparece en la etiqueta del paquete. Si no tiene, déjalo vacío: quedará como
          «Sin identificar» para revisarlo.
        </p>
      </Notice>
    );
  const facts: Array<[string, string]> = [
    ['Tienda', match.store || '—'],
    ['Contenido', match.content],
    ['Valor declarado', formatUsd(match.declaredValueCents)],
  ];
  if (match.instructions) facts.push(['Instrucciones', match.instructions]);
  return (
    <section className="notice notice--success lookup-match" aria-label="Prealerta encontrada" role="status">
      <p className="lookup-match__title">
        Prealerta encontrada: paquete {match.number}
        {carrier && ` · ${carrier}`}
      </p>
      <p className="lookup-match__locker">
        {match.customerName ?? 'Sin cliente'} · Casillero {match.lockerNumber ?? '—'}
      </p>
      <FactList className="lookup-match__facts" facts={facts} />
    </section>
  );
}
