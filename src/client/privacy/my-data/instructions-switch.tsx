// 'Esperar mis instrucciones' in 'Mis datos' (design/requests.md): off by default; while on, packages received in Miami
// wait for the customer's 'Despachar' on 'Mis paquetes' instead of leaving in the next dispatch.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { QueryStates } from '../../app/query-states.tsx';
import { getInstructions, instructionKeys, setInstructions } from '../../requests/api.ts';
import { ConsentSwitch } from './consent-switch.tsx';

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
          <ConsentSwitch
            id={ID}
            label="Esperar mis instrucciones"
            checked={change.isPending ? change.variables : current.wait}
            disabled={change.isPending}
            hint={`${current.message} Con el interruptor activado, despachas tus paquetes desde «Mis paquetes».`}
            error={error}
            onChange={(checked) => change.mutate(checked)}
          />
        )}
      </QueryStates>
    </section>
  );
}
