// design/packages.md 'Customer screens' /paquetes/:number, package first (issue 24): its content as the title with the
// number beneath, where it is (the tracker), what it needs from its owner (a hold, a return, a failed attempt), then
// its charge, once delivered the proof of delivery, everything else known, its failed delivery attempts and its
// 'Historial'; while 'Prealertado', the edit form, the invoice and 'Cancelar prealerta'. Another's package is a 404.
// The page answers its person's question first (issue 37): once delivered, the proof ('Entregado el … a …', 'Pagaste
// …', 'Comprobante de pago') above the tracker, the charge's lines folded; on its way, since when and when expected.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useDeferredValue, useRef, useState } from 'react';
import { firstPaintApi } from '../../../shared/first-paint.ts';
import { messages } from '../../../shared/messages.ts';
import type { PackageDetail, PrealertSaved } from '../../../shared/packages/api-types.ts';
import { customerMayEdit } from '../../../shared/packages/states.ts';
import { paths } from '../../../shared/paths.ts';
import { takeServerAnswer } from '../../app/first-paint.ts';
import { Page } from '../../app/page.tsx';
import { withQuery } from '../../app/query-client.tsx';
import { RequestError } from '../../app/request.ts';
import { Link, useParams } from '../../app/router.tsx';
import { SignedInNav } from '../../app/signed-in-nav.tsx';
import { Notice, type NoticeTone } from '../../components/notice.tsx';
import { DeliveryProofCard } from '../../delivery/delivery-proof.tsx';
import { EinvoiceBox } from '../../einvoice/einvoice-box.tsx';
import { getPackage, packageKeys } from '../api.ts';
import { DeliveryAttemptList, PackageHistory } from '../history-list.tsx';
import { usePackageLiveUpdates } from '../live.ts';
import { ActionBox } from './action-box.tsx';
import { CancelPrealert } from './cancel-prealert.tsx';
import { InvoiceUpload } from './invoice-upload.tsx';
import { PackageCharge } from './package-charge.tsx';
import { PackageFacts, PackageFiles } from './package-facts.tsx';
import { PackageRequests } from './package-requests.tsx';
import { StateTracker } from './state-tracker.tsx';
import { transitLead } from './transit-lead.ts';
import './package.css';

/** A pre-alert's edit form, loaded only for a package still editable (it checks with the form's zod schema). */
const EditPrealert = lazy(() =>
  import('./edit-prealert.tsx').then((module) => ({ default: module.EditPrealert })),
);

function PackagePage() {
  const { number = '' } = useParams();
  return (
    <Page title={`Paquete ${number}`} nav={<SignedInNav />}>
      {/* A new number is a new package: nothing of the previous one's notices or forms carries over. */}
      <PackageScreen key={number} number={number} />
    </Page>
  );
}

function PackageScreen({ number }: { number: string }) {
  const queryKey = packageKeys.detail(number);
  const detail = useQuery({
    queryKey,
    queryFn: ({ signal }) => getPackage(number, signal),
    // The package the server drew this page with (src/server/packages/package-page.ts), if it did.
    initialData: () => takeServerAnswer<PackageDetail>(firstPaintApi.packageDetail(number)),
  });
  // A state changed by the warehouse or an admin shows here without a reload (once the package has arrived).
  usePackageLiveUpdates(!detail.isPending);

  if (detail.isPending)
    return (
      <>
        <h1>Paquete {number}</h1>
        <p role="status">{messages.loading}</p>
      </>
    );
  if (detail.isError) {
    const missing = detail.error instanceof RequestError && detail.error.status === 404;
    return (
      <>
        <h1>{missing ? 'Paquete no encontrado' : `Paquete ${number}`}</h1>
        <Notice tone="error">
          {missing ? 'No encontramos ese paquete.' : detail.error.message || messages.serverError}
        </Notice>
        {!missing && (
          <button type="button" className="button button--secondary" onClick={() => void detail.refetch()}>
            Reintentar
          </button>
        )}
        <p>
          <Link to={paths.packages}>Volver a Mis paquetes</Link>
        </p>
      </>
    );
  }
  return <PackageView pkg={detail.data} />;
}

function PackageView({ pkg }: { pkg: PackageDetail }) {
  const queryClient = useQueryClient();
  const [notice, setNotice] = useState<{ tone: NoticeTone; text: string; warning?: string | null } | null>(
    null,
  );
  const noticeRef = useRef<HTMLDivElement>(null);
  const editable = customerMayEdit(pkg.state);
  const invoice = pkg.files.find((file) => file.kind === 'invoice');
  const lead = transitLead(pkg);
  // The first paint draws what the person came for (the state, the action, the charge); the sections below follow in
  // a render React may pause, so no long task holds the phone (issue 37: Lighthouse mobile ≥ 95).
  const below = useDeferredValue(true, false);

  /** After any change: the answer replaces the cached package, and every list is read again. */
  function changed(saved: PrealertSaved) {
    queryClient.setQueryData(packageKeys.detail(String(pkg.number)), saved.package);
    void queryClient.invalidateQueries({ queryKey: packageKeys.all });
    // The courier-regime warning comes with the package itself (PackageFacts), so it is not repeated here.
    report('success', saved.message);
  }

  /** A page-level notice; the focus goes to it when the control that asked may have gone (cancel, refusal). */
  function report(tone: NoticeTone, text: string, focus = false) {
    setNotice({ tone, text });
    if (focus) requestAnimationFrame(() => noticeRef.current?.focus());
  }

  function refused(text: string) {
    report('error', text, true);
    void queryClient.invalidateQueries({ queryKey: packageKeys.all });
  }

  return (
    <>
      <h1 className="package-title">
        {pkg.content}
        <span className="package-title__number">Paquete {pkg.number}</span>
      </h1>
      <div ref={noticeRef} tabIndex={-1} className="package-notice">
        {notice && <Notice tone={notice.tone}>{notice.text}</Notice>}
      </div>
      {pkg.delivery && <DeliveryProofCard number={pkg.number} proof={pkg.delivery} audience="customer" />}
      {lead && (
        <div className="package-lead">
          <p className="package-lead__since">{lead.since}</p>
          <p>{lead.expected}</p>
        </div>
      )}
      <StateTracker pkg={pkg} />
      <ActionBox pkg={pkg} onSaved={changed} onRefused={refused} />
      <PackageCharge pkg={pkg} />
      {below && (
        <>
          <PackageRequests pkg={pkg} />
          <EinvoiceBox number={pkg.number} />
          {pkg.balancePaid && <EinvoiceBox number={pkg.number} search="?parte=saldo" />}
          <PackageFacts pkg={pkg} />
          <PackageFiles pkg={pkg} />
          <DeliveryAttemptList attempts={pkg.attempts} />
          <PackageHistory events={pkg.events} />
        </>
      )}
      {below && editable && (
        <>
          <InvoiceUpload
            number={pkg.number}
            hasInvoice={Boolean(invoice)}
            onSaved={changed}
            onRefused={refused}
          />
          <Suspense fallback={<p role="status">{messages.loading}</p>}>
            <EditPrealert pkg={pkg} onSaved={changed} onRefused={refused} />
          </Suspense>
          <CancelPrealert
            number={pkg.number}
            onCancelled={(saved) => {
              changed(saved);
              requestAnimationFrame(() => noticeRef.current?.focus());
            }}
            onRefused={refused}
          />
        </>
      )}
      <p>
        <Link to={`${paths.pqr}?paquete=${pkg.number}`}>Presentar una PQR sobre este paquete</Link>
      </p>
      <p>
        <Link to={paths.packages}>Volver a Mis paquetes</Link>
      </p>
    </>
  );
}

export default withQuery(PackagePage);
