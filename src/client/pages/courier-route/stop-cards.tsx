// The stops of the courier's route in order, one card each: what the courier needs at the door, the customer's
// phone as 'Llamar' and 'WhatsApp', and 'Valor a pagar' large enough to read at arm's length.
import { buildCourierWhatsAppLink } from '../../../shared/links.ts';
import { formatCop } from '../../../shared/money.ts';
import { stateLabel } from '../../../shared/packages/states.ts';
import type { RouteStop } from '../../api/delivery.ts';

export function StopCards({ stops }: { stops: RouteStop[] }) {
  if (stops.length === 0) return <p>Esta ruta no tiene paradas.</p>;
  return (
    <ol className="stop-cards">
      {stops.map((stop) => (
        <li key={stop.number}>
          <StopCard stop={stop} />
        </li>
      ))}
    </ol>
  );
}

function StopCard({ stop }: { stop: RouteStop }) {
  const headingId = `stop-${stop.number}`;
  const whatsApp = buildCourierWhatsAppLink(stop.phone, stop.customerName, stop.number);
  const phone = stop.phone.replace(/[^\d+]/g, '');
  return (
    <article className="card stop-card" aria-labelledby={headingId}>
      <h3 id={headingId}>
        <span className="stop-card__position">{stop.position}.</span> Paquete {stop.number}
      </h3>
      <p className="stop-card__state">{stateLabel(stop.state)}</p>
      <p className="stop-card__customer">{stop.customerName}</p>
      <p className="address">{stop.address}</p>
      {stop.instructions.trim() && (
        <p>
          <strong>Instrucciones:</strong> {stop.instructions}
        </p>
      )}
      <p className="stop-card__value">
        <span>Valor a pagar</span>
        <strong>{formatCop(stop.valueToPayCop ?? 0)}</strong>
      </p>
      {phone && (
        <p className="stop-card__contact">
          <a className="button button--secondary" href={`tel:${phone}`}>
            Llamar
          </a>
          {whatsApp && (
            <a className="button button--secondary" href={whatsApp} target="_blank" rel="noopener noreferrer">
              WhatsApp
            </a>
          )}
        </p>
      )}
    </article>
  );
}
