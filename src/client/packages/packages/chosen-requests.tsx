// 'Solicitudes' for the packages chosen on 'Mis paquetes': how many are chosen, the requests they may take
// ('Consolidar' from two), the form with its fee before 'Confirmar solicitud', and what the server answered.
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { messages } from '../../../shared/messages.ts';
import type { RequestKind } from '../../../shared/requests/kinds.ts';
import { Notice } from '../../components/notice.tsx';
import { releasePackages } from '../../requests/api.ts';
import { RequestButtons, RequestForm } from '../../requests/request-buttons.tsx';
import { packageKeys } from '../api.ts';

export function ChosenRequests({
  chosen,
  waiting,
  onDone,
}: {
  chosen: ReadonlySet<number>;
  waiting: readonly number[];
  onDone: () => void;
}) {
  const queryClient = useQueryClient();
  const [failed, setFailed] = useState('');
  const [asking, setAsking] = useState<RequestKind | null>(null);
  const [done, setDone] = useState('');
  const numbers = [...chosen].sort((a, b) => a - b);

  /** 'Despachar': the chosen packages that wait for it may leave in the next dispatch. */
  async function release() {
    setFailed('');
    try {
      setDone((await releasePackages(numbers.filter((number) => waiting.includes(number)))).message);
      void queryClient.invalidateQueries({ queryKey: packageKeys.all });
      onDone();
    } catch (failure) {
      setFailed(failure instanceof Error ? failure.message : messages.serverError);
    }
  }
  if (numbers.length === 0) return done ? <Notice tone="success">{done}</Notice> : null;
  return (
    <section className="card" aria-labelledby="chosen-heading">
      <h2 id="chosen-heading">Solicitudes</h2>
      <p role="status">
        {numbers.length === 1 ? '1 paquete elegido' : `${numbers.length} paquetes elegidos`}
      </p>
      {asking ? (
        <RequestForm
          kind={asking}
          numbers={numbers}
          onClose={() => setAsking(null)}
          onDone={(message) => {
            setAsking(null);
            setDone(message);
            onDone();
          }}
        />
      ) : (
        <>
          <RequestButtons count={numbers.length} onChoose={setAsking} />
          {numbers.some((number) => waiting.includes(number)) && (
            <button type="button" className="button" onClick={() => void release()}>
              Despachar
            </button>
          )}
          {failed && <Notice tone="error">{failed}</Notice>}
        </>
      )}
    </section>
  );
}
