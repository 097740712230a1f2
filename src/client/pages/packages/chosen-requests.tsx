// 'Solicitudes' for the packages chosen on 'Mis paquetes': how many are chosen, the requests they may take
// ('Consolidar' from two), the form with its fee before 'Confirmar solicitud', and what the server answered.
import { useState } from 'react';
import type { RequestKind } from '../../../shared/requests/requests.ts';
import { Notice } from '../../components/notice.tsx';
import { RequestButtons, RequestForm } from '../../components/request-form.tsx';

export function ChosenRequests({ chosen, onDone }: { chosen: ReadonlySet<number>; onDone: () => void }) {
  const [asking, setAsking] = useState<RequestKind | null>(null);
  const [done, setDone] = useState('');
  const numbers = [...chosen].sort((a, b) => a - b);
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
        <RequestButtons count={numbers.length} onChoose={setAsking} />
      )}
    </section>
  );
}
