// The answer of an operation on screen: the server's message in role=status when it worked, or in role=alert with
// the list of refused packages and why (nothing was changed). Shared by 'Paquetes', 'Despachos' and 'Reparto'.
import {
  type InvalidateQueryFilters,
  type QueryKey,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import { type ReactNode, useRef, useState } from 'react';
import { messages } from '../../shared/messages.ts';
import { RequestError } from '../app/request.ts';
import { Notice } from '../components/notice.tsx';
import { type Refusal, RefusedError, refusalsOf } from './operations-api.ts';

export type Outcome = { ok: true; text: string } | { ok: false; text: string; refused: Refusal[] };

/** What a failed request says: its message, and its refusals when the server listed them. */
export function failureOf(error: unknown): Outcome {
  if (error instanceof RefusedError) return { ok: false, text: error.message, refused: error.refused };
  const refused = refusalsOf(error);
  if (error instanceof RequestError && refused) return { ok: false, text: error.message, refused };
  return { ok: false, text: error instanceof Error ? error.message : messages.serverError, refused: [] };
}

/** A form's message below it (useForm's `formError`), with the refusals of the request that failed, if any. */
export function formOutcome(form: { formError: string; failure: unknown }): Outcome | null {
  if (!form.formError) return null;
  return form.failure ? failureOf(form.failure) : { ok: false, text: form.formError, refused: [] };
}

export function OutcomeNotice({ outcome }: { outcome: Outcome | null }) {
  if (!outcome) return null;
  if (outcome.ok) return <Notice tone="success">{outcome.text}</Notice>;
  return (
    <Notice tone="error">
      <p>{outcome.text}</p>
      {outcome.refused.length > 0 && (
        <ul className="refusals" aria-label="Paquetes rechazados">
          {outcome.refused.map((refusal) => (
            <li key={refusal.number}>
              <strong>Paquete {refusal.number}:</strong> {refusal.reason}
            </li>
          ))}
        </ul>
      )}
    </Notice>
  );
}

/**
 * A screen's outcome line: `report` shows an answer and moves the focus to it (the control that asked may be gone),
 * `region` is where it shows.
 */
export function useOutcome(initial: Outcome | null = null) {
  const [outcome, setOutcome] = useState<Outcome | null>(initial);
  const ref = useRef<HTMLDivElement>(null);
  function report(next: Outcome) {
    setOutcome(next);
    requestAnimationFrame(() => ref.current?.focus());
  }
  const region = (
    <div ref={ref} tabIndex={-1} className="package-notice">
      <OutcomeNotice outcome={outcome} />
    </div>
  );
  return { report, region };
}

/** What a screen's part gives back after a change: the server's answer, or the error that refused it. */
export interface ChangeHandlers<A> {
  onChanged: (answer: A) => void;
  onFailed: (error: unknown) => void;
}

/**
 * A record's screen whose parts change it (a dispatch, a route): each answer replaces the cached record and marks
 * `stale` read again, its message shows in `region`; a failure shows its refusals and reads the record again.
 */
export function useRecordChanges<A extends { message: string }>(options: {
  queryKey: QueryKey;
  record: (answer: A) => unknown;
  /** The reads the change makes stale (lists the record appears in). */
  stale: InvalidateQueryFilters[];
  arrival?: string | undefined;
}): ChangeHandlers<A> & { region: ReactNode } {
  const queryClient = useQueryClient();
  const { report, region } = useOutcome(options.arrival ? { ok: true, text: options.arrival } : null);
  return {
    region,
    onChanged(answer) {
      queryClient.setQueryData(options.queryKey, options.record(answer));
      for (const filters of options.stale) void queryClient.invalidateQueries(filters);
      report({ ok: true, text: answer.message });
    },
    onFailed(error) {
      report(failureOf(error));
      void queryClient.invalidateQueries({ queryKey: options.queryKey });
    },
  };
}

/**
 * A change the screen sends (remove a package, move a stop): one at a time, its answer or its error handed to the
 * screen. `run` resolves once the screen has it.
 */
export function useChange<V, A>(mutationFn: (variables: V) => Promise<A>, handlers: ChangeHandlers<A>) {
  const mutation = useMutation({ mutationFn });
  async function run(variables: V): Promise<void> {
    if (mutation.isPending) return;
    try {
      handlers.onChanged(await mutation.mutateAsync(variables));
    } catch (error) {
      handlers.onFailed(error);
    }
  }
  return { run, busy: mutation.isPending };
}
