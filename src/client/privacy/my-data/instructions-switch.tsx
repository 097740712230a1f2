// 'Esperar mis instrucciones' in 'Mis datos' (design/requests.md): off by default; while on, packages received in Miami
// wait for the customer's 'Despachar' on 'Mis paquetes' instead of leaving in the next dispatch.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { QueryStates } from '../../app/query-states.tsx';
import { describedBy, FieldError } from '../../components/field.tsx';
import { getInstructions, instructionKeys, setInstructions } from '../../requests/api.ts';

const ID = 'esperar-instrucciones';

export function InstructionsSwitch() {
  const queryClient = useQueryClient();
  const choice = useQuery({
    queryKey: instructionKeys.choice,
    queryFn: ({ signal }) => getInstructions(signal),
  });
  const change = useMutation({
    mutationFn: setInstructions,
    onSuccess: (saved) => queryClient.setQueryData(instructionKeys.choice, saved),
  });
  const error = change.isError ? change.error.message : undefined;
  return (
    <section className="card" aria-labelledby="instructions-heading">
      <h2 id="instructions-heading">Despacho de tus paquetes</h2>
      <QueryStates query={choice}>
        {(current) => (
          <div className="consent">
            <input
              id={ID}
              type="checkbox"
              role="switch"
              checked={change.isPending ? change.variables : current.wait}
              aria-checked={change.isPending ? change.variables : current.wait}
              disabled={change.isPending}
              aria-describedby={describedBy(ID, { hint: true, error })}
              onChange={(event) => change.mutate(event.target.checked)}
            />
            <label htmlFor={ID}>Esperar mis instrucciones</label>
            <p className="field__hint" id={`${ID}-hint`}>
              {current.message} Con el interruptor activado, despachas tus paquetes desde «Mis paquetes».
            </p>
            <FieldError id={ID} error={error} />
          </div>
        )}
      </QueryStates>
    </section>
  );
}
