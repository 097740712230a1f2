// The edit form of a package still 'Prealertado': the pre-alert's fields as on /notify, checked with the same
// schema, saved with 'Guardar cambios'.
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { flushSync } from 'react-dom';
import { deliveryAddresses } from '../../../shared/address.ts';
import { messages } from '../../../shared/messages.ts';
import type { PackageDetail, PrealertSaved } from '../../../shared/packages/api-types.ts';
import { type Me, useMe } from '../../api/me.ts';
import { type PrealertBody, updatePrealert } from '../../api/packages.ts';
import { Notice } from '../../components/notice.tsx';
import { PrealertFields } from '../../components/prealert-fields.tsx';
import {
  checkPrealert,
  type FieldErrors,
  focusFirstInvalid,
  type PrealertValues,
  prealertFromPackage,
  serverErrorField,
} from '../../components/prealert-form.ts';
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
  const [values, setValues] = useState<PrealertValues>(() => prealertFromPackage(pkg, addresses));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState('');
  const save = useMutation({ mutationFn: (body: PrealertBody) => updatePrealert(pkg.number, body) });

  function change(field: keyof PrealertValues, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));
  }

  function showErrors(next: FieldErrors) {
    flushSync(() => setErrors(next));
    focusFirstInvalid(next);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (save.isPending) return;
    setFormError('');
    const checked = checkPrealert(values, addresses);
    if (checked.errors) {
      showErrors(checked.errors);
      return;
    }
    setErrors({});
    try {
      const saved = await save.mutateAsync(checked.body);
      // The stored form of what was typed (the guide normalised, the value with its cents).
      setValues(prealertFromPackage(saved.package, addresses));
      onSaved(saved);
    } catch (error) {
      const field = serverErrorField(error);
      if (field) showErrors({ [field]: errorText(error) });
      else if (isGone(error)) onRefused(errorText(error));
      else setFormError(errorText(error));
    }
  }

  return (
    <form className="form" onSubmit={submit} noValidate>
      <PrealertFields values={values} onChange={change} errors={errors} addresses={addresses} />
      {formError && <Notice tone="error">{formError}</Notice>}
      <button type="submit" className="button" disabled={save.isPending}>
        {save.isPending ? 'Guardando...' : 'Guardar cambios'}
      </button>
    </form>
  );
}
