// What the package needs from its owner, right under the tracker and before 'Tu cobro' (issue 24): a hold with its
// reason and what to do ('Adjuntar factura' here, or a WhatsApp to support with the package number), a return, or a
// failed delivery attempt. Nothing when all is well.
import { formatLocalDateTime } from '../../../shared/dates.ts';
import { buildPackageHelpWhatsAppLink } from '../../../shared/links.ts';
import type { PackageDetail, PrealertSaved } from '../../../shared/packages/api-types.ts';
import { appConfig } from '../../app/app-config.ts';
import { InvoiceUpload } from './invoice-upload.tsx';

/** 'Escribir por WhatsApp' to support with the package number, or the support e-mail where there is no WhatsApp. */
function AskSupport({ number }: { number: number }) {
  if (appConfig.supportWhatsapp)
    return (
      <a
        className="button button--secondary"
        href={buildPackageHelpWhatsAppLink(appConfig.supportWhatsapp, number)}
        target="_blank"
        rel="noopener"
      >
        Escribir a soporte por WhatsApp
      </a>
    );
  return (
    <a
      className="button button--secondary"
      href={`mailto:${appConfig.supportEmail}?subject=Paquete%20${number}`}
    >
      Escribir a soporte
    </a>
  );
}

/** The reason of its latest move to `state` (a return's 'Motivo' is written on its event). */
const reasonOf = (pkg: PackageDetail, state: 'devuelto') =>
  pkg.events.find((event) => event.kind === 'state' && event.state === state)?.note || null;

export function ActionBox(props: {
  pkg: PackageDetail;
  onSaved: (saved: PrealertSaved) => void;
  onRefused: (message: string) => void;
}) {
  const { pkg } = props;
  if (pkg.state === 'retenido') {
    const invoice = pkg.files.some((file) => file.kind === 'invoice');
    return (
      <section className="action-box action-box--hold" aria-labelledby="hold-heading">
        <h2 id="hold-heading">Paquete retenido</h2>
        <p>Motivo: {pkg.holdReason || 'sin detalle'}</p>
        <p>
          Para liberarlo, adjunta aquí la factura de compra o escríbenos con tu número de paquete {pkg.number}
          ; te diremos si hace falta algo más.
        </p>
        <InvoiceUpload
          embedded
          number={pkg.number}
          hasInvoice={invoice}
          onSaved={props.onSaved}
          onRefused={props.onRefused}
        />
        <p className="actions">
          <AskSupport number={pkg.number} />
        </p>
      </section>
    );
  }
  if (pkg.state === 'devuelto') {
    const reason = reasonOf(pkg, 'devuelto');
    return (
      <section className="action-box" aria-labelledby="returned-heading">
        <h2 id="returned-heading">Paquete devuelto</h2>
        {reason && <p>Motivo: {reason}</p>}
        <p>Lo devolvimos al remitente. Si no esperabas esta devolución, escríbenos y te explicamos.</p>
        <p className="actions">
          <AskSupport number={pkg.number} />
        </p>
      </section>
    );
  }
  const last = pkg.attempts.at(-1);
  if (last && (pkg.state === 'en_bodega_colombia' || pkg.state === 'en_reparto')) {
    return (
      <section className="action-box" aria-labelledby="attempt-heading">
        <h2 id="attempt-heading">No pudimos entregarlo</h2>
        <p>
          Último intento: {last.reasonLabel}, <time dateTime={last.at}>{formatLocalDateTime(last.at)}</time>.
        </p>
        <p>
          Lo intentaremos de nuevo. Si necesitas cambiar la dirección o el horario, escríbenos con tu número
          de paquete {pkg.number}.
        </p>
        <p className="actions">
          <AskSupport number={pkg.number} />
        </p>
      </section>
    );
  }
  return null;
}
