// 'Cambiar estado' for the board's selected packages, or for one package from its staff view: 'Nuevo estado' and only the fields that state needs ('Motivo',
// 'Transportadora' + 'Guía de la transportadora', 'Recibido por'), and 'Corrección' for an admin fixing a final
// state (with a 'Motivo'). Checked with the shared rule first; the server's refusals are listed in role=alert.
import { useEffect, useId, useRef } from 'react';
import { z } from 'zod';
import { missingForState, operationsMessages } from '../../shared/packages/operations.ts';
import { isPackageState, type PackageState } from '../../shared/packages/states.ts';
import { FormActions } from '../components/form-shell.tsx';
import { type FieldProblem, useForm } from '../components/use-form.ts';
import { changeStates, type StateChangeBody } from './operations-api.ts';
import { formOutcome, type Outcome, OutcomeNotice } from './outcome.tsx';
import { StateOptions } from './state-options.tsx';

type Values = Pick<StateChangeBody, 'note' | 'carrier' | 'carrierGuide' | 'receivedBy' | 'correction'> & {
  state: string;
};
type TextName = 'note' | 'carrier' | 'carrierGuide' | 'receivedBy';

const EMPTY: Values = {
  state: '',
  note: '',
  carrier: '',
  carrierGuide: '',
  receivedBy: '',
  correction: false,
};

/** The values as the server reads them (trimmed); the shared rules themselves run in order in `check`. */
const trimmed = z.object({
  state: z.string(),
  note: z.string().trim(),
  carrier: z.string().trim(),
  carrierGuide: z.string().trim(),
  receivedBy: z.string().trim(),
  correction: z.boolean(),
});

/** The field a state's missing detail is asked in. */
function missingField(data: Values & { state: PackageState }): TextName {
  if (data.state === 'entregado') return 'receivedBy';
  if (data.state === 'en_reparto') return data.carrier ? 'carrierGuide' : 'carrier';
  return 'note';
}

function TextField(props: {
  id: string;
  label: string;
  value: string;
  onValue: (value: string) => void;
  invalid: boolean;
  errorId: string;
  required?: boolean;
  maxLength: number;
  hint?: string;
}) {
  const hintId = props.hint ? `${props.id}-hint` : '';
  const described = [hintId, props.invalid ? props.errorId : ''].filter(Boolean).join(' ');
  return (
    <div className="field">
      <label htmlFor={props.id}>{props.label}</label>
      <input
        id={props.id}
        value={props.value}
        onChange={(event) => props.onValue(event.target.value)}
        required={props.required}
        maxLength={props.maxLength}
        autoComplete="off"
        aria-invalid={props.invalid || undefined}
        aria-describedby={described || undefined}
      />
      {props.hint && (
        <p className="field__hint" id={hintId}>
          {props.hint}
        </p>
      )}
    </div>
  );
}

export function StateChangeForm(props: {
  numbers: number[];
  onDone: (message: string) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const ids = {
    state: `${id}-state`,
    note: `${id}-note`,
    carrier: `${id}-carrier`,
    carrierGuide: `${id}-carrier-guide`,
    receivedBy: `${id}-received-by`,
    correction: `${id}-correction`,
    error: `${id}-error`,
  };
  const count = props.numbers.length;
  const form = useForm({
    initial: EMPTY,
    schema: trimmed,
    ids: (name) => ids[name],
    check(data): FieldProblem<keyof Values> | null {
      if (count === 0) return { message: operationsMessages.selection };
      const { state } = data;
      if (!isPackageState(state)) return { field: 'state', message: operationsMessages.state };
      const missing = missingForState(state, data);
      if (missing) return { field: missingField({ ...data, state }), message: missing };
      if (data.correction && !data.note) return { field: 'note', message: operationsMessages.correctionNote };
      return null;
    },
    async submit(data) {
      const answer = await changeStates({ numbers: props.numbers, ...data });
      props.onDone(answer.message);
    },
  });
  const stateRef = useRef<HTMLSelectElement>(null);

  // The form takes the focus when it opens (the button that opened it is gone).
  useEffect(() => stateRef.current?.focus(), []);

  const { state, correction } = form.values;
  const needsReason = state === 'retenido' || state === 'devuelto' || correction;
  // A check's message stands with the form's, in role=alert; its field is marked and described by it.
  const problem = Object.values(form.errors).find(Boolean);
  const outcome: Outcome | null = problem ? { ok: false, text: problem, refused: [] } : formOutcome(form);

  const field = (name: TextName) => ({
    id: ids[name],
    value: form.values[name],
    onValue: (value: string) => form.set(name, value),
    invalid: Boolean(form.errors[name]),
    errorId: ids.error,
  });

  return (
    <section className="card operation-form" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>Cambiar el estado de {count === 1 ? '1 paquete' : `${count} paquetes`}</h2>
      <form className="form" {...form.formProps}>
        <div className="field">
          <label htmlFor={ids.state}>Nuevo estado</label>
          <select
            id={ids.state}
            ref={stateRef}
            value={state}
            required
            onChange={(event) => form.set('state', event.target.value)}
            aria-invalid={Boolean(form.errors.state) || undefined}
            aria-describedby={form.errors.state ? ids.error : undefined}
          >
            <option value="">Elige un estado</option>
            <StateOptions />
          </select>
        </div>
        {state === 'en_reparto' && (
          <>
            <TextField label="Transportadora" required maxLength={100} {...field('carrier')} />
            <TextField
              label="Guía de la transportadora"
              required
              maxLength={100}
              {...field('carrierGuide')}
            />
          </>
        )}
        {state === 'entregado' && (
          <TextField label="Recibido por" required maxLength={200} {...field('receivedBy')} />
        )}
        <TextField
          label={needsReason ? 'Motivo' : 'Nota'}
          required={needsReason}
          maxLength={500}
          hint={needsReason ? undefined : 'Opcional: queda en el historial del paquete.'}
          {...field('note')}
        />
        <div className="consent">
          <input
            id={ids.correction}
            type="checkbox"
            checked={correction}
            onChange={(event) => form.set('correction', event.target.checked)}
            aria-describedby={`${ids.correction}-hint`}
          />
          <label htmlFor={ids.correction}>Corrección</label>
          <p className="field__hint" id={`${ids.correction}-hint`}>
            Solo para corregir un error en un estado final (Entregado, Devuelto o Cancelado). Necesita un
            motivo y queda en la auditoría.
          </p>
        </div>
        <div id={ids.error}>
          <OutcomeNotice outcome={outcome} />
        </div>
        <FormActions
          busy={form.busy}
          label="Cambiar estado"
          busyLabel="Cambiando..."
          onCancel={props.onCancel}
        />
      </form>
    </section>
  );
}
