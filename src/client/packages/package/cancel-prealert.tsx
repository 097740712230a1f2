// 'Cancelar prealerta', confirmed in the page (no browser dialog): the first press asks, the second cancels.
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { messages } from '../../../shared/messages.ts';
import type { PrealertSaved } from '../../../shared/packages/api-types.ts';
import { ConfirmActions } from '../../components/confirm-actions.tsx';
import { Notice } from '../../components/notice.tsx';
import { cancelPrealert } from '../api.ts';
import { isGone } from './refusal.ts';

export function CancelPrealert(props: {
  number: number;
  onCancelled: (saved: PrealertSaved) => void;
  onRefused: (message: string) => void;
}) {
  const [asking, setAsking] = useState(false);
  const [error, setError] = useState('');
  const question = useRef<HTMLDivElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const cancel = useMutation({ mutationFn: () => cancelPrealert(props.number) });
  const wasAsking = useRef(false);

  // The focus follows the question when it opens, and returns to the button when the person keeps the pre-alert.
  useEffect(() => {
    if (asking) question.current?.focus();
    else if (wasAsking.current) opener.current?.focus();
    wasAsking.current = asking;
  }, [asking]);

  async function confirm() {
    setError('');
    try {
      props.onCancelled(await cancel.mutateAsync());
    } catch (failure) {
      const text = failure instanceof Error ? failure.message : messages.serverError;
      if (isGone(failure)) props.onRefused(text);
      else setError(text);
    }
  }

  return (
    <section className="card" aria-labelledby="cancel-heading">
      <h2 id="cancel-heading">¿Ya no viene este paquete?</h2>
      {!asking ? (
        <button
          ref={opener}
          type="button"
          className="button button--secondary"
          onClick={() => setAsking(true)}
        >
          Cancelar prealerta
        </button>
      ) : (
        <div ref={question} tabIndex={-1} className="confirm">
          <p>
            ¿Seguro que quieres cancelar la prealerta del paquete {props.number}? Quedará como «Cancelado» y
            ya no podrás editarla.
          </p>
          <ConfirmActions
            busy={cancel.isPending}
            label="Sí, cancelar prealerta"
            busyLabel="Cancelando..."
            danger
            onConfirm={() => void confirm()}
            cancelLabel="No, mantenerla"
            onCancel={() => setAsking(false)}
          />
        </div>
      )}
      {error && <Notice tone="error">{error}</Notice>}
    </section>
  );
}
