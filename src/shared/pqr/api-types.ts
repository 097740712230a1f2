// What the PQR API answers (src/server/pqr), as the screens read it. Types only: the browser and the server read the
// same shapes. A radicado travels in paths encoded (encodeURIComponent): its format is a setting.
//
// Endpoints (JSON unless said; errors are http.ts's { error: { code, message, field? } }):
// Anyone (a signed-in person, or a visitor: rate-limited per address like registration)
//   POST /api/pqr/adjuntos                         the file itself as the body (PDF/JPG/PNG/WebP, ≤ 10 MB) → PqrUpload
//   POST /api/pqr/visitante      VisitorFiling     a visitor's filing (no session)                       → PqrFiled
//   GET  /api/pqr/seguimiento/:radicado?clave=     a visitor's PQR by the link in their mail            → PqrThread
//        (the mailed link is the screen /pqr?radicado={radicado}&clave={clave}: /pqr with those two parameters
//        shows that visitor's thread, no session needed)
//   POST /api/pqr/seguimiento/:radicado/reposicion?clave=   ReviewForm                              → PqrChanged
// Customer (signed in; only their own PQR: another's radicado, package or file answers 404)
//   GET  /api/pqr                                  their PQR, newest first, and the form's context      → PqrList
//   POST /api/pqr                CustomerFiling                                                          → PqrFiled
//   GET  /api/pqr/:radicado                        one PQR with its thread (never internal notes)       → PqrThread
//   POST /api/pqr/:radicado/reposicion   ReviewForm   'Recurso de reposición' (+ 'Apelación')          → PqrChanged
//   POST /api/pqr/:radicado/informacion  MoreInfoForm 'Añadir información' while it awaits an answer  → PqrChanged
//        (a visitor: POST /api/pqr/seguimiento/:radicado/informacion?clave=)
//   GET  /api/pqr/:radicado/adjuntos/:id           an attachment of the thread (download)
// Staff (role admin)
//   GET  /api/admin/pqr?state=&type=&q=&page=      the inbox, by due date                               → PqrInbox
//   GET  /api/admin/pqr/reporte?from=&to=          the report for filing days in a range               → PqrReport
//   GET  /api/admin/pqr/reporte.csv?from=&to=      'Descargar CSV' (text/csv)
//   GET  /api/admin/pqr/:radicado                  the PQR with customer, package and internal notes   → PqrStaffDetail
//   POST /api/admin/pqr/:radicado/respuesta  AnswerForm      'Responder'                               → PqrStaffChanged
//   POST /api/admin/pqr/:radicado/notas      NoteForm        internal note                             → PqrStaffChanged
//   POST /api/admin/pqr/:radicado/estado     StateChangeForm 'Cambiar estado'                          → PqrStaffChanged
//   POST /api/admin/pqr/:radicado/decision   DecisionForm    'Decisión' (indemnización)                → PqrStaffChanged
//   GET  /api/admin/pqr/:radicado/adjuntos/:id     any attachment (download)
//   GET  /api/admin/pqr/:radicado/expediente.pdf   'Expediente': the whole file as one PDF
import type { DeliveryProof } from '../delivery/api-types.ts';
import type { PackageDetail } from '../packages/api-types.ts';
import type { DecisionOutcome, InboxFilter, IndemnityPayment } from './forms.ts';
import type { AnswerChannel, PqrState, PqrType } from './states.ts';

/** POST /api/pqr/adjuntos: the upload's id, to send in the form's `attachments`. */
export interface PqrUpload {
  id: string;
  mime: string;
  size: number;
}

/** An attachment as the thread lists it. */
export interface PqrAttachment {
  id: string;
  mime: string;
  size: number;
  /** 'adjunto-1.pdf'…: our own name, never the uploader's. */
  name: string;
  /** Where the reader downloads it (the customer's, the visitor's or the staff's path). */
  url: string;
}

/** The deadlines in force (settings), for the form's help text. */
export interface PqrDeadlines {
  /** Business days to answer (15). */
  answerDays: number;
  /** Business days to ask for a review after an answer is notified (5). */
  reviewDays: number;
}

/** POST /api/pqr and /api/pqr/visitante */
export interface PqrFiled {
  radicado: string;
  type: PqrType;
  typeLabel: string;
  /** The last day to answer, 'YYYY-MM-DD' in Bogotá. */
  dueDate: string;
  /** 'Radicamos tu {tipo} con el número {radicado}. Te responderemos a más tardar el {fecha}.' */
  message: string;
}

/** A row of the customer's list. */
export interface PqrSummary {
  radicado: string;
  type: PqrType;
  typeLabel: string;
  state: PqrState;
  stateLabel: string;
  packageNumber: number | null;
  /** The visitor's 'Guía', or the package's guide. */
  guide: string;
  filedAt: string;
  /** 'YYYY-MM-DD' in Bogotá: the last day to answer (of the review, while one is open). */
  dueDate: string;
  /** Past due and still unanswered. */
  overdue: boolean;
  /** When the last answer was notified, or null. */
  answeredAt: string | null;
}

/** GET /api/pqr */
export interface PqrList {
  pqrs: PqrSummary[];
  /** The customer's address, shown beside 'Correo'. */
  email: string;
  deadlines: PqrDeadlines;
}

/** 'informacion': what the customer added to an open PQR (text and or files), without moving it. */
export type PqrEventKind =
  | 'radicada'
  | 'respuesta'
  | 'reposicion'
  | 'informacion'
  | 'decision'
  | 'estado'
  | 'nota';

/** The 'Decisión' of an indemnización, as the thread shows it. */
export interface PqrDecision {
  outcome: DecisionOutcome;
  outcomeLabel: string;
  amountCop: number | null;
  payment: IndemnityPayment | null;
  paymentLabel: string | null;
  reference: string | null;
  reason: string | null;
}

/** One step of the thread: who and when. Texts are plain text (the screens show them as text, never HTML). */
export interface PqrEvent {
  id: number;
  kind: PqrEventKind;
  at: string;
  /** The customer: 'Tú' (or the visitor's name to staff); ours: 'Servicio al cliente' to the customer, the name to staff. */
  actor: string;
  /** The description, the answer (ending with the right-to-review sentence), the review's reasons, the note. */
  text: string;
  attachments: PqrAttachment[];
  /** 'estado': the state it moved to. */
  state: PqrState | null;
  stateLabel: string | null;
  /** 'respuesta': when it was notified, its mail sent to the customer (null while it waits or fails). */
  notifiedAt: string | null;
  /** 'reposicion': whether 'Apelación' en subsidio was asked for. */
  appeal: boolean | null;
  decision: PqrDecision | null;
}

/** Whether the customer may still ask for a review of the last answer, and until when. */
export interface PqrReviewWindow {
  open: boolean;
  /** The last day to ask ('YYYY-MM-DD' in Bogotá), or null before any answer. */
  closesOn: string | null;
  /** Why not, when closed: the reviewClosed / reviewAlready / reviewNotAnswered message. */
  reason: string | null;
}

/** GET /api/pqr/:radicado and the visitor's link */
export interface PqrThread extends PqrSummary {
  description: string;
  channel: AnswerChannel;
  channelLabel: string;
  noGuide: boolean;
  events: PqrEvent[];
  review: PqrReviewWindow;
  deadlines: PqrDeadlines;
}

/** POST …/reposicion: the thread as it now is, and what happened. */
export interface PqrChanged {
  pqr: PqrThread;
  message: string;
}

/** A row of the staff inbox. */
export interface PqrInboxRow {
  radicado: string;
  type: PqrType;
  typeLabel: string;
  customerName: string;
  /** A visitor, not a customer. */
  visitor: boolean;
  packageNumber: number | null;
  guide: string;
  filedAt: string;
  dueDate: string;
  /** Business days from today to the due date (0 on the due day; negative past it). */
  businessDaysLeft: number;
  /** 3 or fewer business days left (shown in red). */
  dueSoon: boolean;
  overdue: boolean;
  state: PqrState;
  stateLabel: string;
}

/** GET /api/admin/pqr */
export interface PqrInbox {
  rows: PqrInboxRow[];
  /** The PQR matching (all pages), counted up to INBOX_COUNT_CAP (1.000). */
  total: number;
  /** More than `total` (1.000) match: the server stops counting there (show 'más de 1.000'), as the board does. */
  capped: boolean;
  page: number;
  pageSize: number;
  filter: InboxFilter;
  /** What 'Vencida' means (OVERDUE_MEANING). */
  overdueMeaning: string;
}

/** Who filed it, as staff read it. */
export interface PqrCustomer {
  /** The account, or null for a visitor. */
  userId: string | null;
  visitor: boolean;
  name: string;
  idNumber: string;
  email: string;
  phone: string;
  lockerNumber: string | null;
  /** The account was deleted: only what the law requires (name, ID, radicado) is kept. */
  deleted: boolean;
}

/** GET /api/admin/pqr/:radicado: the thread with internal notes, the customer and the package. */
export interface PqrStaffDetail extends PqrThread {
  customer: PqrCustomer;
  /** The package with its history and photos (PackageDetail as the package's page has it), or null. */
  package: PackageDetail | null;
  /** Its proof of delivery, where there is one. */
  proof: DeliveryProof | null;
  /** Heavier than mensajería expresa's 5 kg: 'carga' (Código de Comercio). */
  cargo: boolean;
  businessDaysLeft: number;
  dueSoon: boolean;
  /** The states 'Cambiar estado' offers now. */
  moves: PqrState[];
  canAnswer: boolean;
  /** An indemnización without a decision yet. */
  canDecide: boolean;
  /** Where the 'Expediente' PDF is. */
  expedienteUrl: string;
  overdueMeaning: string;
  /** Answers not yet notified (their mail waits or fails), each with what staff must know. */
  unsentAnswers: PqrUnsentAnswer[];
}

/** An answer whose mail has not been sent: the review term has not started, and the 'Expediente' says so. */
export interface PqrUnsentAnswer {
  eventId: number;
  /** When it was written. */
  at: string;
  /** 'El correo aún no se ha enviado (3 intentos). Último error: …' or why it cannot be sent. */
  message: string;
}

/** Every staff action: the PQR as it now is, and what happened. */
export interface PqrStaffChanged {
  pqr: PqrStaffDetail;
  message: string;
}

/** A count by tipo or by state in the report. */
export interface PqrReportCount {
  key: string;
  label: string;
  count: number;
}

/** GET /api/admin/pqr/reporte: PQR filed in [from, to] (Bogotá days). */
export interface PqrReport {
  from: string;
  to: string;
  total: number;
  byType: PqrReportCount[];
  byState: PqrReportCount[];
  /** First answer notified on or before the due date. */
  answeredOnTime: number;
  answeredLate: number;
  /** Unanswered and past due today. */
  overdue: number;
  /** Average business days from filing to the first answer (one decimal), null when none was answered. */
  averageBusinessDaysToAnswer: number | null;
}
