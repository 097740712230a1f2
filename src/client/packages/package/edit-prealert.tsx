// The edit form of a package still 'Prealertado': the pre-alert's fields as on /notify, checked with the same
// schema, saved with 'Guardar cambios'.
import { deliveryAddresses } from '../../../shared/address.ts';
import { messages } from '../../../shared/messages.ts';
import type { PackageDetail, PrealertSaved } from '../../../shared/packages/api-types.ts';
import { prealertSchema } from '../../../shared/packages/prealert.ts';
import { type Me, useMe } from '../../auth/me.ts';
import { SubmitButton } from '../../components/form-shell.tsx';
import { Notice } from '../../components/notice.tsx';
import { updatePrealert } from '../api.ts';
import { PrealertFields } from '../prealert-fields.tsx';
import { prealertFromPackage, usePrealertForm } from '../prealert-form.ts';
import { isGone } from './refusal.ts';

interface Props {
  pkg: PackageDetail;
  onSaved: (saved: PrealertSaved) => void;
  onRefused: (message: string) => void;
}

export function EditPrealert(props: Props) {
  const me = useMe();
  return (
    <section className="card" aria-labelledby="edit-heading">
      <h2 id="edit-heading">Editar prealerta</h2>
      {me.status === 'loading' && <p role="status">{messages.loading}</p>}
      {me.status === 'error' && <Notice tone="error">{me.message}</Notice>}
      {me.status === 'missing' && <Notice tone="error">{messages.userNotFound}</Notice>}
      {me.status === 'ready' && <EditForm {...props} me={me.me} />}
    </section>
  );
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : messages.serverError);

function EditForm({ pkg, me, onSaved, onRefused }: Props & { me: Me }) {
  const addresses = deliveryAddresses(me);
  const form = usePrealertForm({
    addresses,
    initial: () => prealertFromPackage(pkg, addresses),
    schema: prealertSchema,
    async submit(body) {
      try {
        const saved = await updatePrealert(pkg.number, body);
        // The stored form of what was typed (the guide normalised, the value with its cents).
        form.setValues(prealertFromPackage(saved.package, addresses));
        onSaved(saved);
      } catch (error) {
        if (!isGone(error)) throw error;
        onRefused(errorText(error));
      }
    },
  });

  return (
    <form className="form" {...form.formProps}>
      <PrealertFields form={form} addresses={addresses} />
      {form.formError && <Notice tone="error">{form.formError}</Notice>}
      <SubmitButton busy={form.busy} label="Guardar cambios" busyLabel="Guardando..." />
    </form>
  );
}
