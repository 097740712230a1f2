// The customer's 'Pago aprobado' mail (design/payments.md): queued in the approval's own transaction, with what was
// paid and the link to the payment's page, where each package's 'Comprobante de pago' is one click away, and where each
// package's electronic invoice appears once DIAN validates it.
import { invoiceMailLine } from '../../shared/einvoice/labels.ts';
import { formatCop } from '../../shared/money.ts';
import { paths, screenUrl } from '../../shared/paths.ts';
import type { Mail } from '../mail/outbox.ts';
import { layout } from '../mail/templates.ts';
import type { MailSettings } from '../packages/state-change.ts';

export function approvedMail(
  settings: MailSettings,
  owner: { email: string; name: string },
  payment: { reference: string; amountCop: number; method: string; packages: number[] },
): Mail {
  const list = payment.packages.join(', ');
  return {
    to: owner.email,
    subject: `${settings.brandName}: Pago aprobado ${payment.reference}`,
    ...layout(
      settings.brandName,
      'Pago aprobado',
      [
        `Hola ${owner.name},`,
        `Recibimos tu pago en línea de ${formatCop(payment.amountCop)} COP (${payment.method}, referencia ${payment.reference}).`,
        `${payment.packages.length === 1 ? 'El paquete' : 'Los paquetes'} ${list} ya ${payment.packages.length === 1 ? 'está pagado' : 'están pagados'}: no tienes que pagar nada al recibir${payment.packages.length === 1 ? 'lo' : 'los'}.`,
        'El comprobante de pago de cada paquete está en su página.',
        // Each package's electronic invoice follows the approval (issue 33): where to find it.
        ...payment.packages.map((number) =>
          invoiceMailLine(screenUrl(settings.appUrl, paths.packageDetail(number))),
        ),
      ],
      { label: 'Ver mi pago', url: screenUrl(settings.appUrl, paths.payment(payment.reference)) },
    ),
  };
}
