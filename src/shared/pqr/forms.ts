// The PQR's forms (design/pqr.md): filing by a customer and by a visitor, the customer's 'Recurso de reposición', and
// the staff's 'Responder', internal note, 'Cambiar estado' and 'Decisión', with the inbox's and the report's queries.
// One schema each for the browser and the server, with their Spanish messages. Attachments are uploaded first
// (POST /api/pqr/adjuntos, the file itself as the body) and the form carries the ids that upload answered.
import { z } from 'zod';
import { captchaFields, clean, emailField, optionalText, pesosField, requiredText } from '../schemas.ts';
import { ANSWER_CHANNELS, PQR_STATES, PQR_TYPES } from './states.ts';

export const DESCRIPTION_MIN = 20;
export const DESCRIPTION_MAX = 5000;
export const MAX_ATTACHMENTS = 5;
/** The largest attachment: 10 MB, as invoices (src/server/files/invoice-check.ts). */
export const ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;
/** What 'Adjuntos' accepts (checked by the bytes on the server). */
export const ATTACHMENT_ACCEPT = 'application/pdf,image/jpeg,image/png,image/webp';
/** The largest amount a 'Decisión' may approve: 100 million pesos. */
export const MAX_INDEMNITY_COP = 100_000_000;
export const INBOX_PAGE_SIZE = 50;
/** The inbox counts its matches up to this many (PqrInbox.capped says there are more). */
export const INBOX_COUNT_CAP = 1000;

export const pqrMessages = {
  type: 'Elige el tipo de PQR.',
  description: `Escribe la descripción: entre ${DESCRIPTION_MIN} y ${DESCRIPTION_MAX.toLocaleString('es-CO')} caracteres.`,
  packageNumber: 'Elige uno de tus paquetes.',
  packageRequired: 'Elige el paquete: es obligatorio para una solicitud de indemnización.',
  guideRequired:
    'Escribe el número de guía del paquete o marca «No conservo la guía»: es obligatorio para una solicitud de indemnización.',
  proofRequired:
    'Adjunta la guía o la prueba de admisión o de entrega del paquete, o marca «No conservo la guía».',
  channel: 'Elige cómo quieres que te respondamos.',
  attachments: `Puedes adjuntar hasta ${MAX_ATTACHMENTS} archivos.`,
  attachmentId: 'Uno de los adjuntos no es válido: vuelve a adjuntarlo.',
  attachmentInvalid: 'El archivo no es un PDF, JPG, PNG o WebP válido de hasta 10 MB. Adjunta otro.',
  idNumber: 'Escribe tu número de documento: de 4 a 15 letras o números.',
  answer: 'Escribe la respuesta.',
  note: 'Escribe la nota interna.',
  state: 'Elige el nuevo estado.',
  review: `Escribe por qué no estás de acuerdo con la respuesta: entre ${DESCRIPTION_MIN} y ${DESCRIPTION_MAX.toLocaleString('es-CO')} caracteres.`,
  outcome: 'Elige «Aprobada» o «Negada».',
  amount: 'Escribe el valor aprobado en pesos, sin puntos ni decimales (por ejemplo 85000).',
  payment: 'Elige cómo se paga: «Crédito» o «Transferencia».',
  reference: 'Escribe la referencia de la transferencia.',
  reason: 'Escribe el motivo por el que se niega.',
  day: 'Escribe la fecha como AAAA-MM-DD.',
  range: 'La fecha final debe ser igual o posterior a la inicial.',
  page: 'La página no es válida.',
  /** 'Radicamos tu {tipo} con el número {radicado}. Te responderemos a más tardar el {fecha}.' (design/pqr.md) */
  filed: (typeLabel: string, radicado: string, date: string) =>
    `Radicamos tu ${typeLabel} con el número ${radicado}. Te responderemos a más tardar el ${date}.`,
  /** The sentence every answer ends with (design/pqr.md 'What the research found'). */
  rightToReview: (company: string, days: number) =>
    `Contra esta decisión procede el recurso de reposición ante ${company} y, en subsidio, el de apelación ante la Superintendencia de Industria y Comercio, dentro de los ${days} días hábiles siguientes a su notificación.`,
  /** Told when the customer files a review without 'Apelación' (and kept as proof that we told them). */
  appealOffered:
    'Si decidimos en contra de tu recurso, puedes pedir que tu caso pase a la Superintendencia de Industria y Comercio (apelación). Puedes pedirlo dentro del mismo plazo.',
  /** A visitor's acknowledgement: their address is not verified, so their words are not mailed back. */
  visitorTextNotMailed:
    'Por seguridad no copiamos en este correo lo que escribiste: lo encuentras, con las respuestas, en el enlace de abajo.',
  answered: (radicado: string) => `Enviamos la respuesta de ${radicado} al cliente.`,
  /** An answer whose mail is not sent yet: it is not notified, and the review term has not started. */
  answerUnsent: (attempts: number, error: string | null) =>
    error
      ? `Su correo no se ha podido enviar (${attempts === 1 ? '1 intento' : `${attempts} intentos`}; último error: ${error}). Seguimos intentando: no está notificada y el plazo del recurso no ha empezado.`
      : 'Su correo está en cola y aún no se ha enviado: no está notificada y el plazo del recurso no ha empezado.',
  answerNoAddress:
    'No se pudo notificar por correo: quien radicó ya no tiene correo (cuenta eliminada). Notifícala por otro medio y déjalo en una nota interna.',
  notNotified: 'Aún no: su correo no se ha enviado',
  noteSaved: 'Nota interna guardada. El cliente no la ve.',
  stateChanged: (label: string) => `Estado cambiado a «${label}».`,
  moreInfo: 'Escribe lo que quieres añadir o adjunta un archivo.',
  moreInfoTooLong: `Lo que añades admite hasta ${DESCRIPTION_MAX.toLocaleString('es-CO')} caracteres.`,
  moreInfoAdded: (radicado: string) =>
    `Añadimos tu información a ${radicado}. La tendremos en cuenta en la respuesta.`,
  moreInfoClosed:
    'Esta PQR ya no espera respuesta: ya no se le puede añadir información. Puedes radicar una nueva.',
  reviewFiled: (radicado: string, date: string) =>
    `Recibimos tu recurso de reposición sobre ${radicado}. Te responderemos a más tardar el ${date}.`,
  reviewClosed: (date: string) =>
    `El plazo para pedir la revisión de esta respuesta venció el ${date}. Puedes radicar una nueva PQR.`,
  reviewNotAnswered: 'Aún no hay una respuesta que puedas pedir revisar.',
  reviewAlready: 'Ya pediste la revisión de esta respuesta.',
  decisionSaved: 'Decisión guardada.',
  creditNeedsAccount: 'Quien radicó no tiene cuenta: paga por «Transferencia».',
  decisionOnlyIndemnity: 'Solo una solicitud de indemnización tiene «Decisión».',
  decisionAlready:
    'Esta solicitud ya tiene una decisión: las correcciones se registran como una nota interna.',
  notAnswerable: (label: string) => `La PQR está en «${label}»: no espera una respuesta.`,
  moveRefused: (from: string, to: string) => `No se puede pasar de «${from}» a «${to}».`,
  sicNeedsAppeal: 'Solo se envía a la SIC cuando el cliente pidió «Apelación» y su recurso fue respondido.',
  notFound: 'No encontramos esa PQR.',
  packageNotFound: 'No encontramos ese paquete.',
} as const;

const description = (message: string) =>
  z
    .string({ error: message })
    .overwrite(clean)
    .trim()
    .min(DESCRIPTION_MIN, message)
    .max(DESCRIPTION_MAX, message);

const attachmentsField = z
  .array(z.uuid({ error: pqrMessages.attachmentId }), { error: pqrMessages.attachments })
  .max(MAX_ATTACHMENTS, pqrMessages.attachments)
  .optional()
  .default([]);

const packageNumberField = z
  .number({ error: pqrMessages.packageNumber })
  .int(pqrMessages.packageNumber)
  .positive(pqrMessages.packageNumber)
  .nullable()
  .optional()
  .default(null);

const filingFields = {
  type: z.enum(PQR_TYPES, { error: pqrMessages.type }),
  description: description(pqrMessages.description),
  channel: z.enum(ANSWER_CHANNELS, { error: pqrMessages.channel }).optional().default('correo'),
  /** 'No conservo la guía' (an indemnización without the guide or proof). */
  noGuide: z.boolean().optional().default(false),
  attachments: attachmentsField,
};

type FilingRefined = { type: string; noGuide: boolean; attachments: string[] };

/** An indemnización needs the guide or proof attached, or 'No conservo la guía' ticked. */
function requireProof(form: FilingRefined, context: z.RefinementCtx) {
  if (form.type === 'indemnizacion' && !form.noGuide && form.attachments.length === 0)
    context.addIssue({ code: 'custom', path: ['attachments'], message: pqrMessages.proofRequired });
}

/** A customer's filing: POST /api/pqr. 'Paquete' is one of their own, required for an indemnización. */
export const customerFilingSchema = z
  .object({ ...filingFields, packageNumber: packageNumberField })
  .superRefine((form, context) => {
    if (form.type === 'indemnizacion' && form.packageNumber === null)
      context.addIssue({ code: 'custom', path: ['packageNumber'], message: pqrMessages.packageRequired });
    requireProof(form, context);
  });
export type CustomerFilingForm = z.input<typeof customerFilingSchema>;
export type CustomerFiling = z.output<typeof customerFilingSchema>;

/** 'Número de documento': letters and digits (cédula, cédula de extranjería, pasaporte); dots and spaces dropped. */
const idNumberField = z
  .string({ error: pqrMessages.idNumber })
  .transform((text) => text.replace(/[\s.-]/g, '').toUpperCase())
  .pipe(z.string().regex(/^[A-Z0-9]{4,15}$/, pqrMessages.idNumber));

/**
 * A visitor's filing (no account): POST /api/pqr/visitante. 'Guía' replaces 'Paquete' (free text). It starts a legal
 * clock and mails an address nobody verified: the captcha of /register comes with it.
 */
export const visitorFilingSchema = z
  .object({
    ...filingFields,
    name: requiredText('Nombre', 120),
    idNumber: idNumberField,
    email: emailField,
    guide: optionalText('Guía', 60),
    ...captchaFields,
  })
  .superRefine((form, context) => {
    if (form.type === 'indemnizacion' && form.guide === '' && !form.noGuide)
      context.addIssue({ code: 'custom', path: ['guide'], message: pqrMessages.guideRequired });
    requireProof(form, context);
  });
export type VisitorFilingForm = z.input<typeof visitorFilingSchema>;
export type VisitorFiling = z.output<typeof visitorFilingSchema>;

/** 'Recurso de reposición', with 'Apelación' en subsidio: POST /api/pqr/:radicado/reposicion. */
export const reviewSchema = z.object({
  text: description(pqrMessages.review),
  appeal: z.boolean().optional().default(false),
  attachments: attachmentsField,
});
export type ReviewForm = z.input<typeof reviewSchema>;
export type Review = z.output<typeof reviewSchema>;

/** 'Añadir información' to a PQR that awaits an answer: POST /api/pqr/:radicado/informacion. Text, files or both. */
export const moreInfoSchema = z
  .object({
    text: z
      .string({ error: pqrMessages.moreInfo })
      .overwrite(clean)
      .trim()
      .max(DESCRIPTION_MAX, pqrMessages.moreInfoTooLong)
      .default(''),
    attachments: attachmentsField,
  })
  .superRefine((form, context) => {
    if (form.text === '' && form.attachments.length === 0)
      context.addIssue({ code: 'custom', path: ['text'], message: pqrMessages.moreInfo });
  });
export type MoreInfoForm = z.input<typeof moreInfoSchema>;
export type MoreInfo = z.output<typeof moreInfoSchema>;

/** 'Responder': POST /api/admin/pqr/:radicado/respuesta. The right-to-review sentence is added by the server. */
export const answerSchema = z.object({
  text: requiredText('Respuesta', 10_000, pqrMessages.answer),
  attachments: attachmentsField,
});
export type AnswerForm = z.input<typeof answerSchema>;
export type Answer = z.output<typeof answerSchema>;

/** An internal note (never shown to the customer): POST /api/admin/pqr/:radicado/notas. */
export const noteSchema = z.object({
  text: requiredText('Nota interna', 5000, pqrMessages.note),
});
export type NoteForm = z.input<typeof noteSchema>;

/** 'Cambiar estado': POST /api/admin/pqr/:radicado/estado (the moves of PQR_MOVES). */
export const stateChangeSchema = z.object({
  to: z.enum(PQR_STATES, { error: pqrMessages.state }),
  note: optionalText('Nota', 1000),
});
export type StateChangeForm = z.input<typeof stateChangeSchema>;

export const DECISION_OUTCOMES = ['aprobada', 'negada'] as const;
export type DecisionOutcome = (typeof DECISION_OUTCOMES)[number];
export const DECISION_OUTCOME_LABELS: Record<DecisionOutcome, string> = {
  aprobada: 'Aprobada',
  negada: 'Negada',
};

export const INDEMNITY_PAYMENTS = ['credito', 'transferencia'] as const;
export type IndemnityPayment = (typeof INDEMNITY_PAYMENTS)[number];
export const INDEMNITY_PAYMENT_LABELS: Record<IndemnityPayment, string> = {
  credito: 'Crédito',
  transferencia: 'Transferencia',
};

/**
 * 'Decisión' on an indemnización: POST /api/admin/pqr/:radicado/decision. 'Aprobada' with 'Valor' in whole pesos
 * paid as 'Crédito' (on the next charge) or 'Transferencia' with 'Referencia'; or 'Negada' with 'Motivo'. One flat
 * form: the fields the outcome does not use are ignored.
 */
export const decisionSchema = z
  .object({
    outcome: z.enum(DECISION_OUTCOMES, { error: pqrMessages.outcome }),
    amountCop: pesosField(pqrMessages.amount, MAX_INDEMNITY_COP, { positive: true }).optional(),
    payment: z.enum(INDEMNITY_PAYMENTS, { error: pqrMessages.payment }).optional(),
    reference: optionalText('Referencia', 80),
    reason: optionalText('Motivo', 5000),
  })
  .superRefine((form, context) => {
    const issue = (path: string, message: string) =>
      context.addIssue({ code: 'custom', path: [path], message });
    if (form.outcome === 'negada') {
      if (form.reason === '') issue('reason', pqrMessages.reason);
      return;
    }
    if (form.amountCop === undefined) issue('amountCop', pqrMessages.amount);
    if (form.payment === undefined) issue('payment', pqrMessages.payment);
    if (form.payment === 'transferencia' && form.reference === '') issue('reference', pqrMessages.reference);
  });
export type DecisionForm = z.input<typeof decisionSchema>;
export type Decision = z.output<typeof decisionSchema>;

/** The inbox's state filter: a state, 'vencida' (past due, unanswered), 'abiertas' (awaiting an answer) or all. */
export const INBOX_FILTERS = ['', 'abiertas', 'vencida', ...PQR_STATES] as const;
export type InboxFilter = (typeof INBOX_FILTERS)[number];

/** GET /api/admin/pqr?state=&type=&q=&page= */
export const inboxQuerySchema = z.object({
  state: z.enum(INBOX_FILTERS, { error: pqrMessages.state }).optional().default(''),
  type: z
    .enum(['', ...PQR_TYPES] as const, { error: pqrMessages.type })
    .optional()
    .default(''),
  /** Radicado, name, e-mail, ID number or package number. */
  q: z.string().overwrite(clean).trim().max(100).optional().default(''),
  page: z.coerce
    .number({ error: pqrMessages.page })
    .int(pqrMessages.page)
    .min(1, pqrMessages.page)
    .max(100_000, pqrMessages.page)
    .optional()
    .default(1),
});
export type InboxQuery = z.output<typeof inboxQuerySchema>;

const dayField = z.iso.date({ error: pqrMessages.day });

/** GET /api/admin/pqr/reporte?from=YYYY-MM-DD&to=YYYY-MM-DD (filing days in Bogotá, both included). */
export const reportQuerySchema = z
  .object({ from: dayField, to: dayField })
  .refine((range) => range.to >= range.from, { path: ['to'], message: pqrMessages.range });
export type ReportQuery = z.output<typeof reportQuerySchema>;
