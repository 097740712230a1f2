// SPEC.md §2 Notify screen, now a real pre-alert (PACKAGES.md 'Pre-alert'): 'Guardar prealerta' stores it (and
// uploads the invoice when one was chosen); WhatsApp and e-mail still tell support, with the guide, store and value.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { flushSync } from 'react-dom';
import { deliveryAddresses } from '../../../shared/address.ts';
import { buildMailtoNotifyLink, buildWhatsAppNotifyLink } from '../../../shared/links.ts';
import { messages } from '../../../shared/messages.ts';
import { paths } from '../../../shared/paths.ts';
import { type Me, useMe } from '../../api/me.ts';
import { createPrealert, type PrealertBody, packageKeys, uploadInvoice } from '../../api/packages.ts';
import { WithQuery } from '../../api/query-client.tsx';
import { appConfig } from '../../app-config.ts';
import { MissingRecord } from '../../components/missing-record.tsx';
import { Notice } from '../../components/notice.tsx';
import { openExternal } from '../../components/open-external.ts';
import { Page } from '../../components/page.tsx';
import { PrealertFields } from '../../components/prealert-fields.tsx';
import {
  checkPrealert,
  emptyPrealert,
  type FieldErrors,
  focusFirstInvalid,
  invoiceProblem,
  type PrealertValues,
  serverErrorField,
} from '../../components/prealert-form.ts';
import { SignedInNav } from '../../components/signed-in-nav.tsx';
import { useNavigate } from '../../router.tsx';
import { InvoiceField } from './invoice-field.tsx';
import { SavedNotice, type SaveResult } from './saved-notice.tsx';

export default function NotifyPage() {
  return (
    <WithQuery>
      <NotifyScreen />
    </WithQuery>
  );
}

function NotifyScreen() {
  const state = useMe();
  return (
    <Page title="Notificar paquete" nav={<SignedInNav />}>
      <h1>Notificar paquete</h1>
      {state.status === 'loading' && <p role="status">{messages.loading}</p>}
      {state.status === 'missing' && <MissingRecord />}
      {state.status === 'error' && <Notice tone="error">{state.message}</Notice>}
      {state.status === 'ready' && <NotifyForm me={state.me} />}
    </Page>
  );
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : messages.serverError);

/** Saves the pre-alert, then uploads the invoice: a failed upload leaves the pre-alert saved, and says so. */
async function saveWithInvoice(body: PrealertBody, invoice: File | null): Promise<SaveResult> {
  const saved = await createPrealert(body);
  if (!invoice) return { saved, invoice: 'none' };
  try {
    await uploadInvoice(saved.package.number, invoice);
    return { saved, invoice: 'saved' };
  } catch (error) {
    return { saved, invoice: 'failed', invoiceError: errorText(error) };
  }
}

function NotifyForm({ me }: { me: Me }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const addresses = deliveryAddresses(me);
  const [values, setValues] = useState<PrealertValues>(() => emptyPrealert(addresses));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [invoice, setInvoice] = useState<File | null>(null);
  // A new key empties the file input after a save (a file input's value cannot be set).
  const [invoiceKey, setInvoiceKey] = useState(0);
  const [result, setResult] = useState<SaveResult | null>(null);
  const [formError, setFormError] = useState('');
  const save = useMutation({
    mutationFn: ({ body, file }: { body: PrealertBody; file: File | null }) => saveWithInvoice(body, file),
    onSettled: () => queryClient.invalidateQueries({ queryKey: packageKeys.all }),
  });
  const notice = {
    lockerNumber: me.lockerNumber,
    address: values.address,
    instructions: values.instructions,
    guide: values.guide,
    store: values.store,
    value: values.declaredValue,
  };

  function change(field: keyof PrealertValues, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    // A field's error goes once the person changes it; the others stay until the next save.
    setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));
  }

  /** Shows the errors, then focuses the first: the error must be in the page before its field is announced. */
  function showErrors(next: FieldErrors) {
    flushSync(() => setErrors(next));
    focusFirstInvalid(next);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (save.isPending) return;
    setResult(null);
    setFormError('');
    const checked = checkPrealert(values, addresses);
    const fileProblem = invoice ? invoiceProblem(invoice) : null;
    if (checked.errors || fileProblem) {
      showErrors({ ...checked.errors, ...(fileProblem ? { invoice: fileProblem } : {}) });
      return;
    }
    setErrors({});
    try {
      const saved = await save.mutateAsync({ body: checked.body, file: invoice });
      setResult(saved);
      setValues(emptyPrealert(addresses));
      setInvoice(null);
      setInvoiceKey((key) => key + 1);
    } catch (error) {
      const field = serverErrorField(error);
      if (field) showErrors({ [field]: errorText(error) });
      else setFormError(errorText(error));
    }
  }

  return (
    <form className="form" onSubmit={submit} noValidate>
      <p>
        Cuéntanos qué paquete viene en camino a tu casillero <strong>{me.lockerNumber}</strong> y a qué
        dirección quieres recibirlo. Con la prealerta lo reconocemos al llegar a nuestra bodega.
      </p>
      <PrealertFields values={values} onChange={change} errors={errors} addresses={addresses} />
      <InvoiceField
        key={invoiceKey}
        error={errors.invoice}
        onFile={(file) => {
          setInvoice(file);
          setErrors((current) => ({ ...current, invoice: undefined }));
        }}
      />
      {result && <SavedNotice result={result} />}
      {formError && <Notice tone="error">{formError}</Notice>}
      <div className="actions">
        <button type="submit" className="button" disabled={save.isPending}>
          {save.isPending ? 'Guardando...' : 'Guardar prealerta'}
        </button>
        <button
          type="button"
          className="button button--secondary"
          onClick={() => openExternal(buildWhatsAppNotifyLink(appConfig.supportWhatsapp, notice))}
        >
          Enviar por WhatsApp
        </button>
        <button
          type="button"
          className="button button--secondary"
          onClick={() => openExternal(buildMailtoNotifyLink(appConfig.supportEmail, notice))}
        >
          Enviar por correo
        </button>
        <button type="button" className="link-button" onClick={() => navigate(paths.locker)}>
          Volver al inicio
        </button>
      </div>
    </form>
  );
}
