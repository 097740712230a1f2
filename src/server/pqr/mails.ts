// The PQR's mails (design/pqr.md), in Spanish, HTML and plain text, every value from a person escaped by the layout (so
// HTML typed in a description or an answer arrives as text). Queued through the outbox in the action's transaction.
import { formatCalendarDay } from '../../shared/dates.ts';
import { screenUrl } from '../../shared/paths.ts';
import { pqrMessages } from '../../shared/pqr/forms.ts';
import type { Mail } from '../mail/outbox.ts';
import { layout } from '../mail/templates.ts';
import type { PqrSettings } from './settings.ts';

/** The customer's screen; a visitor's link adds the radicado and the key of their follow-up link. */
export const PQR_SCREEN = '/pqr';

export interface Recipient {
  email: string;
  name: string;
  /** A visitor's follow-up key (their link), or null for a customer (who signs in). */
  visitorKey: string | null;
}

function linkOf(settings: PqrSettings, radicado: string, to: Recipient) {
  return to.visitorKey
    ? screenUrl(settings.appUrl, PQR_SCREEN, { radicado, clave: to.visitorKey })
    : screenUrl(settings.appUrl, PQR_SCREEN);
}

/** A text as paragraphs: its lines, blank ones dropped. */
const paragraphs = (text: string) =>
  text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);

function pqrMail(
  settings: PqrSettings,
  to: Recipient,
  radicado: string,
  subject: string,
  heading: string,
  lines: string[],
): Mail {
  // A visitor's address was never verified: nothing they typed (not even their name) goes into its mails, so the
  // form cannot be used to send someone else's words to any address.
  const greeting = to.visitorKey ? 'Hola,' : `Hola ${to.name},`;
  const body = layout(settings.brandName, heading, [greeting, ...lines], {
    label: 'Ver mi PQR',
    url: linkOf(settings, radicado, to),
  });
  return { to: to.email, subject: `${settings.brandName}: ${subject}`, ...body };
}

/** 'Radicamos tu {tipo} con el número {radicado}. Te responderemos a más tardar el {fecha}.' */
export function filedMail(
  settings: PqrSettings,
  to: Recipient,
  pqr: { radicado: string; typeLabel: string; dueDate: string; description: string },
): Mail {
  return pqrMail(settings, to, pqr.radicado, `radicamos tu PQR ${pqr.radicado}`, `PQR ${pqr.radicado}`, [
    pqrMessages.filed(pqr.typeLabel.toLowerCase(), pqr.radicado, formatCalendarDay(pqr.dueDate)),
    ...(to.visitorKey
      ? [pqrMessages.visitorTextNotMailed]
      : ['Lo que nos escribiste:', ...paragraphs(pqr.description)]),
  ]);
}

/** 'Responder': the answer, ending with the customer's right to a review. */
export function answerMail(settings: PqrSettings, to: Recipient, radicado: string, text: string): Mail {
  return pqrMail(settings, to, radicado, `respuesta a tu PQR ${radicado}`, `Respuesta a tu PQR ${radicado}`, [
    ...paragraphs(text),
  ]);
}

/** The customer's 'Recurso de reposición' received, with its due day (and the offer of 'Apelación' if not asked). */
export function reviewMail(
  settings: PqrSettings,
  to: Recipient,
  review: { radicado: string; dueDate: string; appeal: boolean },
): Mail {
  return pqrMail(
    settings,
    to,
    review.radicado,
    `recibimos tu recurso sobre ${review.radicado}`,
    `Recurso de reposición sobre ${review.radicado}`,
    [
      pqrMessages.reviewFiled(review.radicado, formatCalendarDay(review.dueDate)),
      review.appeal
        ? 'Pediste también la apelación: si decidimos en tu contra, enviaremos tu caso a la Superintendencia de Industria y Comercio.'
        : pqrMessages.appealOffered,
    ],
  );
}

/** The 'Decisión' on an indemnización. */
export function decisionMail(settings: PqrSettings, to: Recipient, radicado: string, lines: string[]): Mail {
  return pqrMail(
    settings,
    to,
    radicado,
    `decisión sobre tu solicitud ${radicado}`,
    `Decisión sobre tu solicitud ${radicado}`,
    lines,
  );
}

/** The answer's text as stored and mailed: what staff wrote, then the right-to-review sentence. */
export function answerWithRights(settings: PqrSettings, text: string): string {
  return `${text}\n\n${pqrMessages.rightToReview(settings.companyName, settings.reviewDays)}`;
}
