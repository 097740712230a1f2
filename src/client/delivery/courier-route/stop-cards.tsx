// The stops of the courier's route in order, one card each: what the courier needs at the door, the customer's
// phone as 'Llamar' and 'WhatsApp', 'Valor a pagar' large enough to read at arm's length, what became of the stop
// (with 'Por enviar' while it waits on the phone), and 'Entregar' / 'No entregado', which open their form in place.
import { useQueryClient } from '@tanstack/react-query';
import { memo, type ReactNode, useEffect } from 'react';
import { COLLECTED_MEANS_LABELS, doorMessages } from '../../../shared/delivery/door-choices.ts';
import type { Attempt, Delivery } from '../../../shared/delivery/door-forms.ts';
import { buildCourierWhatsAppLink, buildDirectionsLink } from '../../../shared/links.ts';
import { formatCop } from '../../../shared/money.ts';
import { stateLabel } from '../../../shared/packages/states.ts';
import { announce } from '../../components/live-announcer.tsx';
import { Notice } from '../../components/notice.tsx';
import { AttemptForm } from './attempt-form.tsx';
import { DeliveryForm } from './delivery-form.tsx';
import type { DoorAction, StopView } from './door-actions.ts';
import { queueAttempt, queueDelivery } from './offline/door-queue.ts';
import { togetherAt } from './same-address.ts';
import { StopValue } from './stop-value.tsx';

export type Open = { number: number; kind: 'deliver' | 'attempt'; correcting?: DoorAction | undefined };

const headingOf = (open: Open) =>
  `${open.kind === 'deliver' ? 'entregar' : 'no-entregado'}-${open.number}-heading`;

/**
 * The stops in order; those already done when the screen opened folded under 'Hechas (N)' (issue 37 item 3: the
 * screen opens on what is left, and a stop done now stays where it is until the next opening). `open` is the form
 * shown, kept by the screen ('Siguiente parada' opens one too).
 */
export function StopCards(props: {
  views: StopView[];
  online: boolean;
  done: ReadonlySet<number>;
  open: Open | null;
  setOpen: (open: Open | null) => void;
}) {
  const { views, online, done, open, setOpen } = props;
  const client = useQueryClient();
  // A string per card, compared by value: a redraw of the list redraws no card for it (200 stops: well under 1 ms).
  const together = togetherAt(views.map((view) => view.stop));

  useEffect(() => {
    if (open) document.getElementById(headingOf(open))?.focus();
  }, [open]);

  if (views.length === 0) return <p>Esta ruta no tiene paradas.</p>;

  function close(number: number) {
    setOpen(null);
    // Back to the stop the form belonged to, not to the top of the page.
    // After the stop's new outcome is drawn (the queue's update comes in a later task), without scrolling.
    setTimeout(() => document.getElementById(`stop-${number}`)?.focus({ preventScroll: true }), 50);
  }

  /** Drops a refused action from the phone (read, or replaced by its correction). */
  function dismiss(action: DoorAction | undefined) {
    const cache = client.getMutationCache();
    const mutation = action && cache.getAll().find((candidate) => candidate.mutationId === action.id);
    if (mutation) cache.remove(mutation);
  }

  const later = online ? '' : ' Se enviará cuando vuelva la señal.';
  function confirmDelivery(number: number, body: Delivery) {
    dismiss(open?.correcting);
    queueDelivery(client, { number, body });
    close(number);
    announce(doorMessages.delivered(number) + later);
  }
  function confirmAttempt(number: number, body: Attempt) {
    dismiss(open?.correcting);
    queueAttempt(client, { number, body });
    close(number);
    announce(doorMessages.attempted(number) + later);
  }

  const card = (view: StopView) => {
    const { number } = view.stop;
    const here = together.get(number) ?? '';
    const mine = open?.number === number ? open : null;
    // A refused action being corrected: its form opens with what it held and why it was refused.
    const correcting = mine?.correcting;
    const refusal = correcting?.refusal;
    return (
      <li key={number}>
        <StopCard
          view={view}
          together={here}
          onOpen={(kind) => setOpen({ number, kind })}
          onCorrect={(action) => setOpen({ number, kind: action.kind, correcting: action })}
          onDismiss={dismiss}
        >
          {mine?.kind === 'deliver' ? (
            <DeliveryForm
              number={number}
              valueToPay={view.stop.valueToPayCop ?? 0}
              before={
                correcting?.kind === 'deliver' && refusal ? { body: correcting.body, refusal } : undefined
              }
              onConfirm={(body) => confirmDelivery(number, body)}
              onCancel={() => close(number)}
            />
          ) : mine?.kind === 'attempt' ? (
            <AttemptForm
              number={number}
              before={
                correcting?.kind === 'attempt' && refusal ? { body: correcting.body, refusal } : undefined
              }
              onConfirm={(body) => confirmAttempt(number, body)}
              onCancel={() => close(number)}
            />
          ) : null}
        </StopCard>
      </li>
    );
  };
  const folded = views.filter((view) => done.has(view.stop.number));
  return (
    <>
      <ol className="stop-cards">{views.filter((view) => !done.has(view.stop.number)).map(card)}</ol>
      {folded.length > 0 && (
        <details className="stop-cards__done">
          <summary>Hechas ({folded.length})</summary>
          <ol className="stop-cards">{folded.map(card)}</ol>
        </details>
      )}
    </>
  );
}

/**
 * 'Cómo llegar' (a maps link by the address), then 'Llamar' (tel:) and 'WhatsApp' (wa.me with a short text) for a
 * stop's customer when there is a phone.
 */
export function ContactLinks({ stop }: { stop: StopView['stop'] }) {
  const whatsApp = buildCourierWhatsAppLink(stop.phone, stop.customerName, stop.number);
  const phone = stop.phone.replace(/[^\d+]/g, '');
  return (
    <p className="stop-card__contact">
      <a
        className="button button--secondary"
        href={buildDirectionsLink(stop.address)}
        target="_blank"
        rel="noopener noreferrer"
      >
        Cómo llegar
      </a>
      {phone && (
        <a className="button button--secondary" href={`tel:${phone}`}>
          Llamar
        </a>
      )}
      {phone && whatsApp && (
        <a className="button button--secondary" href={whatsApp} target="_blank" rel="noopener noreferrer">
          WhatsApp
        </a>
      )}
    </p>
  );
}

function OutcomeLine({ view }: { view: StopView }) {
  const { outcome, stop, waiting } = view;
  const text =
    outcome.kind === 'delivered'
      ? `Entregado · ${outcome.means ? `${COLLECTED_MEANS_LABELS[outcome.means]} ${formatCop(outcome.collectedCop)}` : 'sin cobro'}`
      : outcome.kind === 'failed'
        ? `No entregado: ${outcome.reasonLabel}`
        : stateLabel(stop.state);
  return (
    <p className={`stop-card__state stop-card__state--${outcome.kind}`}>
      {text}
      {waiting && <span className="stop-card__waiting"> · Por enviar</span>}
    </p>
  );
}

/**
 * A card is drawn again only when its own stop changed: confirming one stop of 200 must show at once on a slow
 * phone (design/delivery.md 'Budgets': under 100 ms), not redraw the whole route. Its callbacks only close over state
 * setters and the stop's number, so they are not compared.
 */
const atOf = (outcome: StopView['outcome']) => (outcome.kind === 'pending' ? null : outcome.at);

const StopCard = memo(StopCardView, (before, after) => {
  const [a, b] = [before.view, after.view];
  return (
    a.stop === b.stop &&
    a.waiting === b.waiting &&
    a.refused?.id === b.refused?.id &&
    a.outcome.kind === b.outcome.kind &&
    atOf(a.outcome) === atOf(b.outcome) &&
    before.together === after.together &&
    before.children === after.children
  );
});

function StopCardView({
  view,
  together,
  onOpen,
  onCorrect,
  onDismiss,
  children,
}: {
  view: StopView;
  /** '2 paquetes aquí: …' when another stop shares its address, else ''. */
  together: string;
  onOpen: (kind: 'deliver' | 'attempt') => void;
  onCorrect: (action: DoorAction) => void;
  onDismiss: (action: DoorAction) => void;
  children: ReactNode;
}) {
  const { stop, outcome, refused } = view;
  const headingId = `stop-${stop.number}`;
  return (
    <article className={`card stop-card stop-card--${outcome.kind}`} aria-labelledby={headingId}>
      <h3 id={headingId} tabIndex={-1}>
        <span className="stop-card__position">{stop.position}.</span> Paquete {stop.number}
      </h3>
      <OutcomeLine view={view} />
      <p className="stop-card__customer">{stop.customerName}</p>
      <p className="address">{stop.address}</p>
      {together && <p className="stop-card__together">{together}</p>}
      {stop.instructions.trim() && (
        <p>
          <strong>Instrucciones:</strong> {stop.instructions}
        </p>
      )}
      {stop.earlierAttempts > 0 && <p>Intentos anteriores: {stop.earlierAttempts}</p>}
      <StopValue stop={stop} />
      <ContactLinks stop={stop} />
      {refused?.refusal && (
        <Notice tone="error">
          <p>
            {refused.kind === 'deliver' ? 'La entrega' : 'El intento'} no se registró:{' '}
            {refused.refusal.message}
          </p>
          <p className="stop-card__contact">
            <button type="button" className="button button--secondary" onClick={() => onCorrect(refused)}>
              Corregir
            </button>
            <button type="button" className="button button--secondary" onClick={() => onDismiss(refused)}>
              Descartar
            </button>
          </p>
        </Notice>
      )}
      {children ??
        (outcome.kind !== 'delivered' && (
          <p className="stop-card__actions">
            <button type="button" className="button" onClick={() => onOpen('deliver')}>
              Entregar
            </button>
            {outcome.kind === 'pending' && (
              <button type="button" className="button button--secondary" onClick={() => onOpen('attempt')}>
                No entregado
              </button>
            )}
          </p>
        ))}
    </article>
  );
}
