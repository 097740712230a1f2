// 'Crear despacho': 'Guía master', 'Aerolínea' and 'Fecha del vuelo', with the given packages (the board's
// selection) or none; checked with the shared schema, then the new dispatch's screen opens with the server's message.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef } from 'react';
import { dispatchSchema } from '../../shared/packages/operations.ts';
import { paths } from '../../shared/paths.ts';
import { useNavigate } from '../app/router.tsx';
import { Field } from '../components/field.tsx';
import { FormActions } from '../components/form-shell.tsx';
import { useForm } from '../components/use-form.ts';
import { createDispatch, operationKeys } from '../packages/operations-api.ts';
import { formOutcome, OutcomeNotice } from '../packages/outcome.tsx';

/** What the dispatch's screen shows on arrival (history state). */
export interface ArrivalNotice {
  notice: string;
}

export function DispatchForm(props: {
  numbers: number[];
  /** Focus 'Guía master' on mount: the form was just opened by a button that is now gone. */
  autoFocus?: boolean;
  onCancel?: () => void;
}) {
  const id = useId();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const form = useForm({
    initial: { masterAwb: '', airline: '', flightDate: '' },
    schema: dispatchSchema,
    input: (values) => ({ ...values, numbers: props.numbers }),
    ids: (name) => `${id}-${name}`,
    async submit(data) {
      const answer = await createDispatch(data);
      void queryClient.invalidateQueries({ queryKey: operationKeys.dispatches });
      void queryClient.invalidateQueries({ queryKey: operationKeys.board });
      const state: ArrivalNotice = { notice: answer.message };
      navigate(paths.adminDispatch(answer.dispatch.id), { state });
    },
  });
  const first = useRef<HTMLDivElement>(null);
  const { autoFocus } = props;

  useEffect(() => {
    if (autoFocus) first.current?.querySelector('input')?.focus();
  }, [autoFocus]);

  const count = props.numbers.length;
  return (
    <section className="card operation-form" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>
        {count === 0
          ? 'Nuevo despacho'
          : `Nuevo despacho con ${count === 1 ? '1 paquete' : `${count} paquetes`}`}
      </h2>
      <form className="form" {...form.formProps}>
        <div ref={first}>
          <Field
            label="Guía master"
            hint="La guía aérea master (MAWB) del vuelo."
            required
            maxLength={40}
            autoComplete="off"
            spellCheck="false"
            {...form.field('masterAwb')}
          />
        </div>
        <Field label="Aerolínea" required maxLength={100} {...form.field('airline')} />
        <Field label="Fecha del vuelo" type="date" required {...form.field('flightDate')} />
        <OutcomeNotice outcome={formOutcome(form)} />
        <FormActions
          busy={form.busy}
          label="Crear despacho"
          busyLabel="Creando..."
          onCancel={props.onCancel}
        />
      </form>
    </section>
  );
}
