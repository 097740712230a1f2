// The one form engine: the values as typed (text, choices, files), checked with the shared zod schema (the server
// runs the same), each message beside its field with the focus on the first invalid one, a busy flag while the
// request runs, and a server error placed beside the field its `field` names. Nothing typed is cleared by a failure.
import { type FormEvent, useCallback, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import type { z } from 'zod';
import { messages } from '../../shared/messages.ts';

type TextKey<V> = { [K in keyof V]: V[K] extends string ? K : never }[keyof V] & string;
/** Messages by field: the values' fields, and any `otherFields` the form shows. */
export type FormErrors = Partial<Record<string, string>>;

/** A problem found by an ordered check: the field it belongs to (none: the whole form) and what to say. */
export interface FieldProblem<F extends string = string> {
  field?: F | undefined;
  message: string;
}

export interface FormOptions<V extends object, T, R> {
  initial: V | (() => V);
  /** What the schema reads, when it is not the values themselves (e.g. a request body made of them). */
  input?: (values: V) => unknown;
  /**
   * Parses the input; its messages land on the field named first in each issue's path. A loader instead of the
   * schema keeps zod out of a screen's first paint (/bodega).
   */
  schema: z.ZodType<T> | (() => Promise<z.ZodType<T>>);
  /** Ordered checks after the schema (design/product.md §5's order): the first problem with its field, or null. */
  check?: (data: T) => FieldProblem<keyof V & string> | null;
  /** Fields shown beside the values whose value the form does not hold (the photos uploaded apart). */
  otherFields?: readonly string[];
  /** The form's field for a request field of another name (the server's `field` names the request's). */
  serverFields?: Partial<Record<string, keyof V & string>>;
  /** Element ids of the fields, where they are not the field names (two forms on one page). */
  ids?: Partial<Record<keyof V & string, string>> | ((field: keyof V & string) => string);
  /**
   * Sends the parsed data; what it returns is the form's `result` (a success message, a saved record). An error it
   * throws that names a `field` (a RequestError, or the form's own) stands beside that field.
   */
  submit: (data: T, values: V) => Promise<R>;
  /** Runs when the request fails, before its message shows (e.g. a new captcha for the spent one). */
  onFailure?: (error: unknown) => void;
}

/** Moves the focus to the first control marked invalid, in the order they stand; a group gives it to its first. */
function focusFirstInvalid(form: HTMLFormElement | null) {
  const invalid = form?.querySelector<HTMLElement>('[aria-invalid="true"]');
  (invalid instanceof HTMLFieldSetElement ? invalid.querySelector<HTMLElement>('input') : invalid)?.focus();
}

function errorsOf(
  error: z.ZodError,
  known: (field: string) => boolean,
): { fields: FormErrors; form: string } {
  const fields: FormErrors = {};
  let form = '';
  for (const issue of error.issues) {
    const key = issue.path[0];
    if (typeof key === 'string' && known(key)) fields[key] ??= issue.message;
    else form ||= issue.message;
  }
  return { fields, form };
}

export function useForm<V extends object, T, R = unknown>(options: FormOptions<V, T, R>) {
  const [values, setValues] = useState<V>(options.initial);
  const [errors, setErrors] = useState<FormErrors>({});
  const [formError, setFormError] = useState('');
  const [failure, setFailure] = useState<unknown>(null);
  const [result, setResult] = useState<R | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  // A second Enter while the first request runs must not send the form twice.
  const sending = useRef(false);

  const set = useCallback(<K extends keyof V & string>(field: K, value: V[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    // A field's message goes once the person changes it; the others stay until the next try.
    setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));
  }, []);

  const known = (field: string) => field in values || (options.otherFields?.includes(field) ?? false);

  /** Shows the messages, then focuses the first invalid field: the message must be on the page when it is read. */
  function show(fields: FormErrors, form: string, error: unknown = null) {
    flushSync(() => {
      setBusy(false);
      setErrors(fields);
      setFormError(form);
      setFailure(error);
    });
    if (Object.values(fields).some(Boolean)) focusFirstInvalid(formRef.current);
    else refocusSubmit();
  }

  /** The pressed button was disabled while busy, which drops the focus: give it back rather than to <body>. */
  function refocusSubmit() {
    if (document.activeElement === document.body || document.activeElement === null)
      formRef.current?.querySelector<HTMLElement>('[type="submit"]')?.focus();
  }

  /** A message placed on its field (the server's `field`, renamed where the form calls it otherwise), else below. */
  function fail(message: string, requestField?: string, error: unknown = null) {
    const field = requestField && (options.serverFields?.[requestField] ?? requestField);
    if (field && known(field)) show({ [field]: message }, '', error);
    else show({}, message, error);
  }

  /** The schema's verdict on the values, or null when its download failed (the network dropped). */
  async function parse(): Promise<z.ZodSafeParseResult<T> | null> {
    const { schema } = options;
    const input = options.input ? options.input(values) : values;
    if (typeof schema !== 'function') return schema.safeParse(input);
    return schema().then(
      (loaded) => loaded.safeParse(input),
      () => {
        fail(messages.networkError);
        return null;
      },
    );
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending.current) return;
    sending.current = true;
    setResult(undefined);
    try {
      const parsed = await parse();
      if (!parsed) return;
      if (!parsed.success) {
        const { fields, form } = errorsOf(parsed.error, known);
        return show(fields, form);
      }
      const problem = options.check?.(parsed.data);
      if (problem) return fail(problem.message, problem.field);
      setErrors({});
      setFormError('');
      setFailure(null);
      setBusy(true);
      const answer = await options.submit(parsed.data, values);
      flushSync(() => {
        setBusy(false);
        setResult(answer);
      });
      refocusSubmit();
    } catch (error) {
      options.onFailure?.(error);
      const message = error instanceof Error ? error.message : '';
      const field =
        error instanceof Error && 'field' in error && typeof error.field === 'string'
          ? error.field
          : undefined;
      fail(message || messages.serverError, field, error);
    } finally {
      sending.current = false;
    }
  }

  /** The props of a text field bound to `field`: id, value, change handler and message. */
  function field<K extends TextKey<V>>(name: K) {
    const { ids } = options;
    return {
      id: (typeof ids === 'function' ? ids(name) : ids?.[name]) ?? name,
      value: String(values[name]),
      // cast: a text field's value is a string (TextKey), which TypeScript cannot see through a generic V.
      onValue: (value: string) => set(name, value as V[K]),
      error: errors[name],
    };
  }

  return {
    values,
    set,
    setValues,
    errors,
    setErrors,
    formError,
    /** What the last failed request threw (a refused change lists its packages). */
    failure,
    result,
    setResult,
    busy,
    field,
    formProps: { ref: formRef, onSubmit, noValidate: true },
  };
}
