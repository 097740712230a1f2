// A row of moves of one thing (a dispatch's flight states, a route's 'Iniciar ruta' and 'Cerrar ruta'), each asked
// in the page before anything changes: the chosen button opens the question (focus on its confirm button), the
// answer goes to the screen, the question closes. Only one request runs at a time.
import { type ReactNode, useId, useRef, useState } from 'react';
import { ConfirmActions } from '../components/confirm-actions.tsx';
import { type ChangeHandlers, useChange } from './outcome.tsx';

export interface ConfirmedMove<K extends string> {
  key: K;
  label: string;
  disabled: boolean;
  /** The question asked before the move: what will change, and for whom. */
  question: ReactNode;
  confirmLabel: string;
  busyLabel: string;
  danger?: boolean;
}

export function ConfirmedMoves<K extends string, A>(
  props: { moves: ConfirmedMove<K>[]; run: (key: K) => Promise<A> } & ChangeHandlers<A>,
) {
  const id = useId();
  const [asking, setAsking] = useState<K | null>(null);
  const move = useChange(props.run, props);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const asked = props.moves.find((candidate) => candidate.key === asking);

  function ask(key: K) {
    setAsking(key);
    requestAnimationFrame(() => confirmRef.current?.focus());
  }

  async function confirm() {
    if (!asking || move.busy) return;
    await move.run(asking);
    setAsking(null);
  }

  return (
    <>
      <div className="actions">
        {props.moves.map((candidate) => (
          <button
            key={candidate.key}
            type="button"
            className={candidate.danger ? 'button button--secondary' : 'button'}
            aria-pressed={asking === candidate.key || undefined}
            disabled={candidate.disabled || move.busy}
            onClick={() => ask(candidate.key)}
          >
            {candidate.label}
          </button>
        ))}
      </div>
      {asked && (
        <section className="confirm card" aria-labelledby={`${id}-confirm`}>
          <p id={`${id}-confirm`}>{asked.question}</p>
          <ConfirmActions
            busy={move.busy}
            label={asked.confirmLabel}
            busyLabel={asked.busyLabel}
            danger={asked.danger}
            confirmRef={confirmRef}
            onConfirm={() => void confirm()}
            cancelLabel="Cancelar"
            onCancel={() => setAsking(null)}
          />
        </section>
      )}
    </>
  );
}
