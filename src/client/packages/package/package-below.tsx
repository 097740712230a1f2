// A package's page below its charge (package-page.tsx draws the summary above it first): its requests in Miami, its
// electronic invoices, everything else known, its files, failed delivery attempts and 'Historial'; while it can be
// edited, 'Adjuntar factura', the pre-alert's edit form and 'Cancelar prealerta'. A chunk of its own (issue 37).
import { lazy, Suspense } from 'react';
import { messages } from '../../../shared/messages.ts';
import type { PackageDetail, PrealertSaved } from '../../../shared/packages/api-types.ts';
import { customerMayEdit } from '../../../shared/packages/states.ts';
import { EinvoiceBox } from '../../einvoice/einvoice-box.tsx';
import { DeliveryAttemptList, PackageHistory } from '../history-list.tsx';
import { CancelPrealert } from './cancel-prealert.tsx';
import { InvoiceUpload } from './invoice-upload.tsx';
import { PackageFacts, PackageFiles } from './package-facts.tsx';
import { PackageRequests } from './package-requests.tsx';

/** A pre-alert's edit form, loaded only for a package still editable (it checks with the form's zod schema). */
const EditPrealert = lazy(() =>
  import('./edit-prealert.tsx').then((module) => ({ default: module.EditPrealert })),
);

export default function PackageBelow({
  pkg,
  onSaved,
  onRefused,
  onCancelled,
}: {
  pkg: PackageDetail;
  onSaved: (saved: PrealertSaved) => void;
  onRefused: (text: string) => void;
  onCancelled: (saved: PrealertSaved) => void;
}) {
  const invoice = pkg.files.find((file) => file.kind === 'invoice');
  return (
    <>
      <PackageRequests pkg={pkg} />
      <EinvoiceBox number={pkg.number} />
      {pkg.balancePaid && <EinvoiceBox number={pkg.number} search="?parte=saldo" />}
      <PackageFacts pkg={pkg} />
      <PackageFiles pkg={pkg} />
      <DeliveryAttemptList attempts={pkg.attempts} />
      <PackageHistory events={pkg.events} />
      {customerMayEdit(pkg.state) && (
        <>
          <InvoiceUpload
            number={pkg.number}
            hasInvoice={Boolean(invoice)}
            onSaved={onSaved}
            onRefused={onRefused}
          />
          <Suspense fallback={<p role="status">{messages.loading}</p>}>
            <EditPrealert pkg={pkg} onSaved={onSaved} onRefused={onRefused} />
          </Suspense>
          <CancelPrealert number={pkg.number} onCancelled={onCancelled} onRefused={onRefused} />
        </>
      )}
    </>
  );
}
