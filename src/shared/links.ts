// Outgoing links of design/product.md §7: WhatsApp and mailto notices to support, the admin's and the courier's
// WhatsApp, the invitation.
import { messages } from './messages.ts';
import { paths, screenUrl } from './paths.ts';

/** Lone surrogates make encodeURIComponent throw; a person cannot type one, but a paste can carry one. */
function encode(text: string): string {
  return encodeURIComponent(
    text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD'),
  );
}

export interface PackageNotice {
  lockerNumber: string;
  address: string;
  instructions: string;
  /** The pre-alert's 'Número de guía', 'Tienda' and 'Valor declarado (USD)', when the person filled them in. */
  guide?: string;
  store?: string;
  value?: string;
}

/** design/product.md's four lines, unchanged, then one line for each pre-alert field that is not blank. */
export function packageNoticeText(notice: PackageNotice): string {
  const { lockerNumber, address, instructions } = notice;
  const extra = (label: string, value: string | undefined) =>
    value?.trim() ? [`${label}${value.trim()}`] : [];
  return [
    'Hola, quiero notificar un paquete en camino.',
    `Casillero: ${lockerNumber}`,
    `Dirección de entrega: ${address}`,
    `Instrucciones adicionales: ${instructions.trim() || messages.notAvailable}`,
    ...extra('Número de guía: ', notice.guide),
    ...extra('Tienda: ', notice.store),
    ...extra('Valor declarado: US$ ', notice.value),
  ].join('\n');
}

export function buildWhatsAppNotifyLink(supportPhone: string, notice: PackageNotice): string {
  return `https://wa.me/${supportPhone.replace(/\D/g, '')}?text=${encode(packageNoticeText(notice))}`;
}

/** Support's WhatsApp about one package that needs the customer (a hold, a return), its number in the text. */
export function buildPackageHelpWhatsAppLink(supportPhone: string, packageNumber: number): string {
  const text = `Hola, necesito ayuda con mi paquete ${packageNumber}.`;
  return `https://wa.me/${supportPhone.replace(/\D/g, '')}?text=${encode(text)}`;
}

function packageNoticeSubject(lockerNumber: string): string {
  return `Notificación de envío - Casillero ${lockerNumber}`;
}

/** RFC 6068: line breaks in a mailto body are CRLF, percent-encoded. */
export function buildMailtoNotifyLink(supportEmail: string, notice: PackageNotice): string {
  const body = packageNoticeText(notice).replace(/\n/g, '\r\n');
  return `mailto:${supportEmail}?subject=${encode(packageNoticeSubject(notice.lockerNumber))}&body=${encode(body)}`;
}

function parcelSentText(name: string, lockerNumber: string): string {
  return `Hola ${name}, tu paquete del casillero ${lockerNumber} ha sido enviado. ¡Gracias por confiar en nosotros!`;
}

/** A WhatsApp chat with a customer, the text typed in; null when the customer has no phone digits. */
function whatsAppTo(phone: string | null | undefined, text: string): string | null {
  const digits = (phone ?? '').replace(/\D/g, '');
  return digits ? `https://wa.me/${digits}?text=${encode(text)}` : null;
}

/** The admin's message to a customer; null when the customer has no phone digits. */
export function buildAdminWhatsAppLink(phone: string | null | undefined, name: string, lockerNumber: string) {
  return whatsAppTo(phone, parcelSentText(name, lockerNumber));
}

/** The courier's message at a stop (design/delivery.md 'The courier's screen'); null without phone digits. */
export function buildCourierWhatsAppLink(phone: string, name: string, packageNumber: number) {
  return whatsAppTo(phone, `Hola ${name}, soy el mensajero: hoy te entrego el paquete ${packageNumber}.`);
}

/**
 * 'Cómo llegar' at a stop (issue 47 item 6): Google Maps' directions to the address as written (Maps URLs, `api=1`;
 * it opens the app on a phone that has it, the site otherwise). No coordinates are kept: the address is the stop's.
 */
export function buildDirectionsLink(address: string): string {
  return `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(address)}`;
}

export function buildInvitationLink(appUrl: string, refCode: string): string {
  return screenUrl(appUrl, paths.invite, { ref: refCode });
}

export function invitationMessage(brand: string, link: string): string {
  return `¡Te invito a ${brand}! Recibe tus compras de tiendas de EE.\u00a0UU. en tu casillero y paga el envío al recibir en tu puerta. Regístrate con mi enlace: ${link}`;
}
