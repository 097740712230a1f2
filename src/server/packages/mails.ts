// The mails of a package's state changes (design/packages.md: which moves mail the customer), in Spanish, HTML and
// plain text, each with the link to the package's page. Queued by state-change.ts in the move's own transaction.
import { receiptMailLine } from '../../shared/collections/forms.ts';
import { invoiceMailLine } from '../../shared/einvoice/labels.ts';
import { type PackageState, STATE_LABELS } from '../../shared/packages/states.ts';
import { paths, screenUrl } from '../../shared/paths.ts';
import type { packages } from '../db/schema.ts';
import type { Mail } from '../mail/outbox.ts';
import { layout } from '../mail/templates.ts';

type PackageRow = typeof packages.$inferSelect;

interface MailChange {
  state: PackageState;
  note?: string;
  carrier?: string;
  carrierGuide?: string;
}

/** '4.50' → '4,5': a stored decimal the way Colombians write it. */
const decimal = (value: string) => String(Number(value)).replace('.', ',');

/** What each mailing move tells, after the greeting. */
function paragraphsFor(state: PackageState, pkg: PackageRow, change: MailChange): string[] {
  const note = change.note ?? '';
  const what = [pkg.content, pkg.store && `de ${pkg.store}`].filter(Boolean).join(' ');
  const guide = `guía ${pkg.guide}`;
  switch (state) {
    case 'recibido':
      return [
        `Tu paquete ${pkg.number} (${what}, ${guide}) llegó a nuestra bodega en Miami.`,
        ...(pkg.weightLb ? [`Peso: ${decimal(pkg.weightLb)} lb.`] : []),
        ...(pkg.lengthIn && pkg.widthIn && pkg.heightIn
          ? [`Medidas: ${decimal(pkg.lengthIn)} × ${decimal(pkg.widthIn)} × ${decimal(pkg.heightIn)} in.`]
          : []),
        'Lo enviaremos a Colombia en el próximo despacho.',
      ];
    case 'retenido':
      return [
        `Retuvimos tu paquete ${pkg.number} (${guide}).`,
        `Motivo: ${note || 'sin detalle'}.`,
        // Issue 24: what the hold asks can be done in the app (the package's page takes the invoice).
        'Si te pedimos la factura, adjúntala en la página del paquete («Ver mi paquete»); si es otra cosa, escríbenos a soporte. En cuanto lo aclaremos, seguirá su camino.',
      ];
    case 'en_transito':
      return [`Tu paquete ${pkg.number} (${guide}) salió de Miami hacia Colombia.`];
    case 'en_reparto':
      return [
        `Tu paquete ${pkg.number} (${guide}) va camino a tu dirección: ${pkg.deliveryAddress}.`,
        ...(change.carrier
          ? [`Transportadora: ${change.carrier}. Guía de la transportadora: ${change.carrierGuide ?? ''}.`]
          : []),
        'Ten a mano el valor a pagar: el envío se paga al recibir.',
      ];
    case 'entregado':
      return [`Tu paquete ${pkg.number} (${guide}) fue entregado. ¡Gracias por confiar en nosotros!`];
    case 'devuelto':
      return [
        `Tu paquete ${pkg.number} (${guide}) fue devuelto.`,
        `Motivo: ${note || 'sin detalle'}.`,
        'Si tienes preguntas, escríbenos.',
      ];
    default:
      return [`Tu paquete ${pkg.number} (${guide}) ahora está en «${STATE_LABELS[state]}».`];
  }
}

export function packageStateMail(
  settings: { brandName: string; appUrl: string },
  owner: { email: string; name: string },
  pkg: PackageRow,
  change: MailChange,
  /** Further lines after what the state tells (the receipt's photo links, the charge). */
  extra: string[] = [],
): Mail {
  const label = STATE_LABELS[change.state];
  const url = screenUrl(settings.appUrl, paths.packageDetail(pkg.number));
  const receipt =
    change.state === 'entregado'
      ? [receiptMailLine(screenUrl(settings.appUrl, paths.receipt(pkg.number))), invoiceMailLine(url)]
      : [];
  return {
    to: owner.email,
    subject: `${settings.brandName}: tu paquete ${pkg.number} está ${label === 'Retenido' ? 'retenido' : `en «${label}»`}`,
    ...layout(
      settings.brandName,
      label,
      [`Hola ${owner.name},`, ...paragraphsFor(change.state, pkg, change), ...receipt, ...extra],
      { label: 'Ver mi paquete', url },
    ),
  };
}

/**
 * 'No entregado' (design/delivery.md 'The courier's screen'): the customer told why the courier could not deliver, that
 * we will try again, and how to arrange it (reply to the mail or write to support). The package stays 'En reparto'
 * until its route closes, so this is a mail of its own, not a state's.
 */
export function failedAttemptMail(
  settings: { brandName: string; appUrl: string; supportEmail: string },
  owner: { email: string; name: string },
  pkg: PackageRow,
  attempt: { reasonLabel: string; note: string },
): Mail {
  const url = screenUrl(settings.appUrl, paths.packageDetail(pkg.number));
  return {
    to: owner.email,
    subject: `${settings.brandName}: no pudimos entregar tu paquete ${pkg.number}`,
    ...layout(
      settings.brandName,
      'No pudimos entregar tu paquete',
      [
        `Hola ${owner.name},`,
        `Hoy fuimos a entregar tu paquete ${pkg.number} (guía ${pkg.guide}) en ${pkg.deliveryAddress} y no pudimos entregarlo.`,
        `Motivo: ${attempt.reasonLabel}${attempt.note ? ` (${attempt.note})` : ''}.`,
        'El paquete vuelve a nuestra bodega y volveremos a intentarlo en una próxima ruta.',
        `Si quieres acordar otro día, otra dirección o recogerlo, responde a este correo o escríbenos a ${settings.supportEmail}.`,
      ],
      { label: 'Ver mi paquete', url },
    ),
  };
}
