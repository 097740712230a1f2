// 'Cambiar estado' for the selected packages: 'Nuevo estado' and only the fields that state needs ('Motivo',
// 'Transportadora' + 'Guía de la transportadora', 'Recibido por'), and 'Corrección' for an admin fixing a final
// state (with a 'Motivo'). Checked with the shared rule first; the server's refusals are listed in role=alert.
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { missingForState, operationsMessages } from '../../../shared/packages/operations.ts';
import { isPackageState, PACKAGE_STATES, STATE_LABELS } from '../../../shared/packages/states.ts';
import { changeStates, type StateChangeBody } from '../../api/operations.ts';
import { failureOf, type Outcome, OutcomeNotice } from '../../components/outcome.tsx';

type Fields = Pick<StateChangeBody, 'note' | 'carrier' | 'carrierGuide' | 'receivedBy'>;
type FieldName = keyof Fields | 'state';

const EMPTY: Fields = { note: '', carrier: '', carrierGuide: '', receivedBy: '' };

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
  const [state, setState] = useState('');
  const [fields, setFields] = useState<Fields>(EMPTY);
  const [correction, setCorrection] = useState(false);
  const [invalid, setInvalid] = useState<FieldName | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const stateRef = useRef<HTMLSelectElement>(null);
  const change = useMutation({ mutationFn: changeStates });

  // The form takes the focus when it opens (the button that opened it is gone).
  useEffect(() => stateRef.current?.focus(), []);

  const needsReason = state === 'retenido' || state === 'devuelto' || correction;
  const count = props.numbers.length;

  function set(name: keyof Fields, value: string) {
    setFields((now) => ({ ...now, [name]: value }));
    if (invalid === name) setInvalid(null);
  }

  function refuse(text: string, field: FieldName | null) {
    flushSync(() => {
      setOutcome({ ok: false, text, refused: [] });
      setInvalid(field);
    });
    if (field) document.getElementById(ids[field])?.focus();
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (change.isPending) return;
    const trimmed: Fields = {
      note: fields.note.trim(),
      carrier: fields.carrier.trim(),
      carrierGuide: fields.carrierGuide.trim(),
      receivedBy: fields.receivedBy.trim(),
    };
    if (count === 0) return refuse(operationsMessages.selection, null);
    if (!isPackageState(state)) return refuse(operationsMessages.state, 'state');
    const missing = missingForState(state, trimmed);
    if (missing) {
      const field: FieldName =
        state === 'entregado'
          ? 'receivedBy'
          : state === 'en_reparto'
            ? trimmed.carrier
              ? 'carrierGuide'
              : 'carrier'
            : 'note';
      return refuse(missing, field);
    }
    if (correction && !trimmed.note) return refuse(operationsMessages.correctionNote, 'note');
    setOutcome(null);
    setInvalid(null);
    try {
      const answer = await change.mutateAsync({ numbers: props.numbers, state, ...trimmed, correction });
      props.onDone(answer.message);
    } catch (error) {
      setOutcome(failureOf(error));
    }
  }

  const field = (name: keyof Fields) => ({
    id: ids[name],
    value: fields[name],
    onValue: (value: string) => set(name, value),
    invalid: invalid === name,
    errorId: ids.error,
  });

  return (
    <section className="card operation-form" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>Cambiar el estado de {count === 1 ? '1 paquete' : `${count} paquetes`}</h2>
      <form className="form" onSubmit={submit} noValidate>
        <div className="field">
          <label htmlFor={ids.state}>Nuevo estado</label>
          <select
            id={ids.state}
            ref={stateRef}
            value={state}
            required
            onChange={(event) => {
              setState(event.target.value);
              if (invalid === 'state') setInvalid(null);
            }}
            aria-invalid={invalid === 'state' || undefined}
            aria-describedby={invalid === 'state' ? ids.error : undefined}
          >
            <option value="">Elige un estado</option>
            {PACKAGE_STATES.map((code) => (
              <option key={code} value={code}>
                {STATE_LABELS[code]}
              </option>
            ))}
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
            onChange={(event) => setCorrection(event.target.checked)}
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
        <div className="actions">
          <button type="submit" className="button" disabled={change.isPending}>
            {change.isPending ? 'Cambiando...' : 'Cambiar estado'}
          </button>
          <button type="button" className="button button--secondary" onClick={props.onCancel}>
            Cancelar
          </button>
        </div>
      </form>
    </section>
  );
}
