// A CSV chosen with a file input and sent as it is ('Importar estados', 'Importar liquidación'): busy while it goes,
// the answer shown by the screen, or the failure's message (with its refusals, or what `failure` makes of it). The
// same file may be chosen again after fixing it.
import { useMutation } from '@tanstack/react-query';
import { type ReactNode, useId, useState } from 'react';
import { failureOf, OutcomeNotice } from './outcome.tsx';

export function FileImport<R>(props: {
  label: string;
  hint: ReactNode;
  send: (file: File) => Promise<R>;
  /** Runs once an answer arrives (e.g. to read the lists it changed again). */
  onResult?: (result: R) => void;
  /** Shows the answer. */
  children: (result: R) => ReactNode;
  /** Shows a failure, when the default (its message and refusals) is not enough. */
  failure?: (error: unknown) => ReactNode;
}) {
  const id = useId();
  const [result, setResult] = useState<{ answer: R } | null>(null);
  const [failed, setFailed] = useState<{ error: unknown } | null>(null);
  const upload = useMutation({ mutationFn: props.send });

  async function choose(input: HTMLInputElement) {
    const file = input.files?.[0];
    if (!file || upload.isPending) return;
    setResult(null);
    setFailed(null);
    try {
      const answer = await upload.mutateAsync(file);
      setResult({ answer });
      props.onResult?.(answer);
    } catch (error) {
      setFailed({ error });
    } finally {
      input.value = '';
    }
  }

  return (
    <>
      <div className="field">
        <label htmlFor={`${id}-file`}>{props.label}</label>
        <input
          id={`${id}-file`}
          type="file"
          accept=".csv,text/csv"
          disabled={upload.isPending}
          aria-describedby={`${id}-hint`}
          onChange={(event) => void choose(event.currentTarget)}
        />
        <p className="field__hint" id={`${id}-hint`}>
          {props.hint}
        </p>
      </div>
      {upload.isPending && <p role="status">Importando el archivo...</p>}
      {failed && (props.failure?.(failed.error) ?? <OutcomeNotice outcome={failureOf(failed.error)} />)}
      {result && props.children(result.answer)}
    </>
  );
}
