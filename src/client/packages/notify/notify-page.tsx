// design/product.md §2 Notify screen, now a real pre-alert (design/packages.md 'Pre-alert'): 'Guardar prealerta' stores
// it (and uploads the invoice when one was chosen); WhatsApp and e-mail still tell support with guide, store, value.
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { deliveryAddresses } from '../../../shared/address.ts';
import { buildMailtoNotifyLink, buildWhatsAppNotifyLink, type PackageNotice } from '../../../shared/links.ts';
import { messages } from '../../../shared/messages.ts';
import { paths } from '../../../shared/paths.ts';
import { appConfig } from '../../app/app-config.ts';
import { MissingRecord } from '../../app/missing-record.tsx';
import { Page } from '../../app/page.tsx';
import { withQuery } from '../../app/query-client.tsx';
import { useNavigate } from '../../app/router.tsx';
import { SignedInNav } from '../../app/signed-in-nav.tsx';
import { type Me, useMe } from '../../auth/me.ts';
import { SubmitButton } from '../../components/form-shell.tsx';
import { Notice } from '../../components/notice.tsx';
import { openExternal } from '../../components/open-external.ts';
import { createPrealert, type PrealertBody, packageKeys, uploadInvoice } from '../api.ts';
import { PrealertFields } from '../prealert-fields.tsx';
import {
  emptyPrealert,
  type PrealertValues,
  prealertWithInvoiceSchema,
  usePrealertForm,
} from '../prealert-form.ts';
import { InvoiceField } from './invoice-field.tsx';
import { SavedNotice, type SaveResult } from './saved-notice.tsx';
import './notify.css';

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

/** The other ways to tell support, with the same details: WhatsApp and e-mail. */
const SUPPORT_CHANNELS = [
  [
    'Enviar por WhatsApp',
    (notice: PackageNotice) => buildWhatsAppNotifyLink(appConfig.supportWhatsapp, notice),
  ],
  ['Enviar por correo', (notice: PackageNotice) => buildMailtoNotifyLink(appConfig.supportEmail, notice)],
] as const;

/** The pre-alert's fields and the invoice chosen with it. */
type NotifyValues = PrealertValues & { invoice: File | null };

function NotifyForm({ me }: { me: Me }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const addresses = deliveryAddresses(me);
  // A new key empties the file input after a save (a file input's value cannot be set).
  const [invoiceKey, setInvoiceKey] = useState(0);
  const form = usePrealertForm({
    addresses,
    initial: (): NotifyValues => ({ ...emptyPrealert(addresses), invoice: null }),
    schema: prealertWithInvoiceSchema,
    async submit(body, values) {
      try {
        const saved = await saveWithInvoice(body, values.invoice);
        form.setValues({ ...emptyPrealert(addresses), invoice: null });
        setInvoiceKey((key) => key + 1);
        return saved;
      } finally {
        void queryClient.invalidateQueries({ queryKey: packageKeys.all });
      }
    },
  });
  const { values } = form;
  const notice = {
    lockerNumber: me.lockerNumber,
    address: values.address,
    instructions: values.instructions,
    guide: values.guide,
    store: values.store,
    value: values.declaredValue,
  };

  return (
    <form className="form" {...form.formProps}>
      <p>
        Cuéntanos qué paquete viene en camino a tu casillero <strong>{me.lockerNumber}</strong> y a qué
        dirección quieres recibirlo. Con la prealerta lo reconocemos al llegar a nuestra bodega.
      </p>
      <PrealertFields form={form} addresses={addresses} />
      <InvoiceField
        key={invoiceKey}
        error={form.errors.invoice}
        onFile={(file) => form.set('invoice', file)}
      />
      {form.result && <SavedNotice result={form.result} />}
      {form.formError && <Notice tone="error">{form.formError}</Notice>}
      <div className="actions">
        <SubmitButton busy={form.busy} label="Guardar prealerta" busyLabel="Guardando..." />
        {/* The one primary action above; telling support directly is a secondary line. */}
        <p className="secondary-line">
          <span>O avisa a soporte con estos datos:</span>
          {SUPPORT_CHANNELS.map(([label, link]) => (
            <button
              key={label}
              type="button"
              className="link-button"
              onClick={() => openExternal(link(notice))}
            >
              {label}
            </button>
          ))}
        </p>
        <button type="button" className="link-button" onClick={() => navigate(paths.locker)}>
          Volver al inicio
        </button>
      </div>
    </form>
  );
}

export default withQuery(NotifyScreen);
