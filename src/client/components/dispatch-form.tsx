// 'Crear despacho': 'Guía master', 'Aerolínea' and 'Fecha del vuelo', with the given packages (the board's
// selection) or none; checked with the shared schema, then the new dispatch's screen opens with the server's message.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { dispatchSchema } from '../../shared/packages/operations.ts';
import { paths } from '../../shared/paths.ts';
import { createDispatch, operationKeys } from '../api/operations.ts';
import { useNavigate } from '../router.tsx';
import { Field } from './field.tsx';
import { failureOf, type Outcome, OutcomeNotice } from './outcome.tsx';

type Values = { masterAwb: string; airline: string; flightDate: string };
type Errors = Partial<Record<keyof Values, string>>;

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
  const [values, setValues] = useState<Values>({ masterAwb: '', airline: '', flightDate: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const create = useMutation({ mutationFn: createDispatch });
  const first = useRef<HTMLDivElement>(null);
  const { autoFocus } = props;

  useEffect(() => {
    if (autoFocus) first.current?.querySelector('input')?.focus();
  }, [autoFocus]);

  const field = (name: keyof Values) => ({
    id: `${id}-${name}`,
    value: values[name],
    error: errors[name],
    onValue: (value: string) => {
      setValues((now) => ({ ...now, [name]: value }));
      setErrors((now) => ({ ...now, [name]: undefined }));
    },
  });

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (create.isPending) return;
    setOutcome(null);
    const parsed = dispatchSchema.safeParse({ ...values, numbers: props.numbers });
    if (!parsed.success) {
      const found: Errors = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0];
        if (key === 'masterAwb' || key === 'airline' || key === 'flightDate') found[key] ??= issue.message;
        else setOutcome({ ok: false, text: issue.message, refused: [] });
      }
      flushSync(() => setErrors(found));
      document.querySelector<HTMLElement>(`[id^="${id}-"][aria-invalid="true"]`)?.focus();
      return;
    }
    try {
      const answer = await create.mutateAsync(parsed.data);
      void queryClient.invalidateQueries({ queryKey: operationKeys.dispatches });
      void queryClient.invalidateQueries({ queryKey: operationKeys.board });
      const state: ArrivalNotice = { notice: answer.message };
      navigate(paths.adminDispatch(answer.dispatch.id), { state });
    } catch (error) {
      setOutcome(failureOf(error));
    }
  }

  const count = props.numbers.length;
  return (
    <section className="card operation-form" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>
        {count === 0
          ? 'Nuevo despacho'
          : `Nuevo despacho con ${count === 1 ? '1 paquete' : `${count} paquetes`}`}
      </h2>
      <form className="form" onSubmit={submit} noValidate>
        <div ref={first}>
          <Field
            label="Guía master"
            hint="La guía aérea master (MAWB) del vuelo."
            required
            maxLength={40}
            autoComplete="off"
            spellCheck={false}
            {...field('masterAwb')}
          />
        </div>
        <Field label="Aerolínea" required maxLength={100} {...field('airline')} />
        <Field label="Fecha del vuelo" type="date" required {...field('flightDate')} />
        <OutcomeNotice outcome={outcome} />
        <div className="actions">
          <button type="submit" className="button" disabled={create.isPending}>
            {create.isPending ? 'Creando...' : 'Crear despacho'}
          </button>
          {props.onCancel && (
            <button type="button" className="button button--secondary" onClick={props.onCancel}>
              Cancelar
            </button>
          )}
        </div>
      </form>
    </section>
  );
}
