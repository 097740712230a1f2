import type { StopView } from './door-actions.ts';
import { togetherAt } from './same-address.ts';
import { ContactLinks } from './stop-cards.tsx';
import { StopValue } from './stop-value.tsx';

export function NextStop({ views, onDeliver }: { views: StopView[]; onDeliver: (number: number) => void }) {
  const next = views.find((view) => view.outcome.kind === 'pending');
  if (!next) return null;
  const { stop } = next;
  const together = togetherAt(views.map((view) => view.stop)).get(stop.number);
  return (
    <section className="card next-stop" aria-labelledby="next-stop-heading">
      <h2 id="next-stop-heading">Siguiente parada</h2>
      <p className="next-stop__who">
        <a href={`#stop-${stop.number}`}>
          {stop.position}. Paquete {stop.number}
        </a>{' '}
        · {stop.customerName}
      </p>
      <p className="address">{stop.address}</p>
      {together && <p className="stop-card__together">{together}</p>}
      <StopValue stop={stop} />
      <ContactLinks stop={stop} />
      <p className="stop-card__actions">
        <button type="button" className="button" onClick={() => onDeliver(stop.number)}>
          Entregar
        </button>
      </p>
    </section>
  );
}
