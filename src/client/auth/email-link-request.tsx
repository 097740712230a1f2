// Asks for a new mailed link for the e-mail typed in: a new verification mail, or a new password-reset link when
// the one opened no longer works. The server answers the same whether or not the account exists.

import type { ReactNode } from 'react';
import type { z } from 'zod';
import type { Confirmation } from '../../shared/accounts/api-types.ts';
import { EmailField } from '../components/account-fields.tsx';
import { FormError, FormShell, SubmitButton } from '../components/form-shell.tsx';
import { Notice } from '../components/notice.tsx';
import { useForm } from '../components/use-form.ts';

export function EmailLinkRequest(props: {
  /** The request that mails the link (auth/api.ts), e.g. resendVerification. */
  send: (body: { email: string }) => Promise<Confirmation>;
  /** The shared schema of that request's body (its message for an empty e-mail differs). */
  schema: z.ZodType<{ email: string }>;
  intro: ReactNode;
  id?: string;
}) {
  const form = useForm({
    initial: { email: '' },
    schema: props.schema,
    ids: { email: props.id ?? 'email' },
    async submit(body) {
      const { message } = await props.send(body);
      return message;
    },
  });
  return (
    <>
      {props.intro}
      <FormShell form={form}>
        <EmailField disabled={form.busy} {...form.field('email')} />
        <SubmitButton busy={form.busy} label="Enviar un nuevo enlace" busyLabel="Enviando..." />
        <FormError message={form.formError} />
        {form.result && <Notice tone="success">{form.result}</Notice>}
      </FormShell>
    </>
  );
}
