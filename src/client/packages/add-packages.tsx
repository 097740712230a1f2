// 'Agregar paquetes' of a dispatch or a delivery route: package numbers (or guides, where the screen takes them)
// typed or scanned one after another, separated by spaces, commas or new lines. What is wrong with the text, or the
// server's 400 about it, shows beside the field; any other failure (a 409 listing the refused packages and why) goes
// to the screen's outcome (outcome.tsx), and nothing typed is lost until the packages are added.
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { RequestError } from '../app/request.ts';
import type { ChangeHandlers } from './outcome.tsx';

/** The entries in what was typed or scanned, without repeats, or what is wrong with it. */
export type ParsedEntries<E> = { entries: E[] } | { problem: string };

/** Splits what was typed or scanned into its pieces (spaces, commas, semicolons, new lines). */
export const entryPieces = (text: string): string[] => text.split(/[\s,;]+/).filter(Boolean);

interface AddPackagesProps<E, A> extends ChangeHandlers<A> {
  parse: (text: string) => ParsedEntries<E>;
  add: (entries: E[]) => Promise<A>;
}

/** The form's state and its submit: the text, the message beside it, and the request while it runs. */
export function useAddPackages<E, A>(props: AddPackagesProps<E, A> & { inputId: string }) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const add = useMutation({ mutationFn: props.add });

  function fail(message: string) {
    setError(message);
    document.getElementById(props.inputId)?.focus();
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (add.isPending) return;
    const parsed = props.parse(text);
    if ('problem' in parsed) return fail(parsed.problem);
    setError(null);
    try {
      props.onChanged(await add.mutateAsync(parsed.entries));
      setText('');
    } catch (failure) {
      // A 400 about the text itself (unknown numbers or guides) belongs beside it.
      if (failure instanceof RequestError && failure.status === 400) fail(failure.message);
      else props.onFailed(failure);
    }
  }

  function change(next: string) {
    setText(next);
    setError(null);
  }

  return { text, change, error, submit, busy: add.isPending };
}

export function AddPackagesForm<E, A>(props: AddPackagesProps<E, A> & { hint: string }) {
  const id = useId();
  const inputId = `${id}-numbers`;
  const form = useAddPackages({ ...props, inputId });
  return (
    <form className="form card add-packages" onSubmit={form.submit} noValidate>
      <div className="field">
        <label htmlFor={inputId}>Agregar paquetes</label>
        <textarea
          id={inputId}
          rows={3}
          value={form.text}
          onChange={(event) => form.change(event.target.value)}
          autoComplete="off"
          spellCheck="false"
          aria-invalid={form.error ? true : undefined}
          aria-describedby={form.error ? `${id}-hint ${id}-error` : `${id}-hint`}
        />
        <p className="field__hint" id={`${id}-hint`}>
          {props.hint}
        </p>
        {form.error && (
          <p className="field__error" id={`${id}-error`} role="alert">
            {form.error}
          </p>
        )}
      </div>
      <button type="submit" className="button" disabled={form.busy}>
        {form.busy ? 'Agregando...' : 'Agregar paquetes'}
      </button>
    </form>
  );
}
