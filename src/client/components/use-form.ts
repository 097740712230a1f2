// The one shape of our forms: the values as typed, checked with the shared zod schema (the server runs the same),
// each message beside its field with the focus on the first invalid one, a busy flag while the request runs, and a
// server error placed beside the field it concerns. Nothing typed is cleared by a failure.
import { type FormEvent, useCallback, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import type { z } from 'zod';
import { messages } from '../../shared/messages.ts';
import { RequestError } from '../api/request.ts';

type TextKey<V> = { [K in keyof V]: V[K] extends string ? K : never }[keyof V] & string;
export type FormErrors<V> = Partial<Record<keyof V & string, string>>;

export interface FormOptions<V extends object, T> {
  initial: V | (() => V);
  /** Parses the values; its messages land on the field named first in each issue's path. */
  schema: z.ZodType<T>;
  /** Ordered checks after the schema (SPEC.md §5 keeps its order): the first problem's message, or null. */
  check?: (data: T) => string | null;
  /**
   * The field a message belongs to (a check's, or a server error's by its code); none, or a field this form does
   * not have, means the whole form.
   */
  fieldOf?: (message: string, code: string) => string | undefined;
  /** Element ids of the fields, where they are not the field names (two forms on one page). */
  ids?: Partial<Record<keyof V & string, string>>;
  /** Sends the parsed data; a returned text is the success message to show. */
  submit: (data: T, values: V) => Promise<unknown>;
  /** Runs when the request fails, before its message shows (e.g. a new captcha for the spent one). */
  onFailure?: () => void;
}

/** Moves the focus to the first control marked invalid, in the order they stand in the form. */
function focusFirstInvalid(form: HTMLFormElement | null) {
  form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
}

function errorsOf<V>(error: z.ZodError): { fields: FormErrors<V>; form: string } {
  const fields: Record<string, string> = {};
  let form = '';
  for (const issue of error.issues) {
    const key = issue.path[0];
    if (typeof key === 'string') fields[key] ??= issue.message;
    else form ||= issue.message;
  }
  return { fields: fields as FormErrors<V>, form };
}

export function useForm<V extends object, T>(options: FormOptions<V, T>) {
  const [values, setValues] = useState<V>(options.initial);
  const [errors, setErrors] = useState<FormErrors<V>>({});
  const [formError, setFormError] = useState('');
  const [success, setSuccess] = useState('');
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  // A second Enter while the first request runs must not send the form twice.
  const sending = useRef(false);

  const set = useCallback(<K extends keyof V & string>(field: K, value: V[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    // A field's message goes once the person changes it; the others stay until the next try.
    setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));
  }, []);

  /** Shows the messages, then focuses the first invalid field: the message must be on the page when it is read. */
  function show(fields: FormErrors<V>, form: string) {
    flushSync(() => {
      setBusy(false);
      setErrors(fields);
      setFormError(form);
    });
    if (Object.values(fields).some(Boolean)) focusFirstInvalid(formRef.current);
    else refocusSubmit();
  }

  /** The pressed button was disabled while busy, which drops the focus: give it back rather than to <body>. */
  function refocusSubmit() {
    if (document.activeElement === document.body || document.activeElement === null)
      formRef.current?.querySelector<HTMLElement>('[type="submit"]')?.focus();
  }

  /** A message placed on its field (the server's `field`, else `fieldOf`'s), else below the form. */
  function fail(message: string, code = '', serverField?: string) {
    const field = serverField ?? options.fieldOf?.(message, code);
    if (field && field in values) show({ [field]: message } as FormErrors<V>, '');
    else show({}, message);
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending.current) return;
    setSuccess('');
    const parsed = options.schema.safeParse(values);
    if (!parsed.success) {
      const { fields, form } = errorsOf<V>(parsed.error);
      show(fields, form);
      return;
    }
    const problem = options.check?.(parsed.data);
    if (problem) {
      fail(problem);
      return;
    }
    sending.current = true;
    setErrors({});
    setFormError('');
    setBusy(true);
    try {
      const message = await options.submit(parsed.data, values);
      flushSync(() => {
        setBusy(false);
        if (typeof message === 'string') setSuccess(message);
      });
      refocusSubmit();
    } catch (error) {
      options.onFailure?.();
      if (error instanceof RequestError) fail(error.message, error.code, error.field);
      else fail(error instanceof Error && error.message ? error.message : messages.serverError);
    } finally {
      sending.current = false;
    }
  }

  /** The props of a text field bound to `field`: id, value, change handler and message. */
  function field<K extends TextKey<V>>(name: K) {
    return {
      id: options.ids?.[name] ?? name,
      value: values[name] as string,
      onValue: (value: string) => set(name, value as V[K]),
      error: errors[name],
    };
  }

  return {
    values,
    set,
    setValues,
    errors,
    formError,
    success,
    busy,
    field,
    formProps: { ref: formRef, onSubmit, noValidate: true },
  };
}
