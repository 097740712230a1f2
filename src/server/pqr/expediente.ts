// 'Expediente' (design/pqr.md 'Deadlines'): the whole file of a PQR as one PDF for the Superintendencia de Industria y
// Comercio — who filed it, the dates (filing, due, every notification), the thread (internal notes are staff's own
// and stay out), the attachments' list and the package's history. Written with pdfkit (docs/decisions/0012).
import PDFDocument from 'pdfkit';
import { stateLabel } from '../../shared/packages/states.ts';
import type * as Api from '../../shared/pqr/api-types.ts';
import { bogotaDateTime } from '../../shared/pqr/business-days.ts';
import { pqrMessages } from '../../shared/pqr/forms.ts';
import { PQR_EVENT_LABELS } from '../../shared/pqr/states.ts';
import type { Database } from '../db/open.ts';
import type { PqrRow } from './records.ts';
import type { PqrSettings } from './settings.ts';
import { staffDetail } from './staff-detail.ts';

/** The thread's step names; the filing itself is 'Radicación' in the file sent to the SIC. */
const KIND_LABELS: Record<Api.PqrEventKind, string> = { ...PQR_EVENT_LABELS, radicada: 'Radicación' };

const at = (instant: string) => `${bogotaDateTime(instant)} (hora de Bogotá)`;

type Doc = InstanceType<typeof PDFDocument>;

function heading(doc: Doc, text: string) {
  doc.moveDown(0.8).font('Helvetica-Bold').fontSize(13).text(text).moveDown(0.3);
  doc.font('Helvetica').fontSize(10);
}

function field(doc: Doc, label: string, value: string) {
  doc
    .font('Helvetica-Bold')
    .text(`${label}: `, { continued: true })
    .font('Helvetica')
    .text(value || '—');
}

function eventBlock(doc: Doc, event: Api.PqrEvent) {
  doc
    .moveDown(0.5)
    .font('Helvetica-Bold')
    .text(`${KIND_LABELS[event.kind]} · ${at(event.at)} · ${event.actor}`);
  doc.font('Helvetica');
  if (event.stateLabel) field(doc, 'Estado', event.stateLabel);
  if (event.kind === 'respuesta')
    field(doc, 'Notificada', event.notifiedAt ? at(event.notifiedAt) : pqrMessages.notNotified);
  if (event.appeal !== null) field(doc, 'Apelación en subsidio', event.appeal ? 'Sí' : 'No');
  if (event.text) doc.text(event.text);
  for (const attachment of event.attachments) doc.text(`Adjunto: ${attachment.name}`);
}

/** The expediente of `row` in PDF bytes. */
export async function expedientePdf(db: Database, row: PqrRow, settings: PqrSettings): Promise<Buffer> {
  const pqr = await staffDetail(db, row, settings);
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: 56,
    info: { Title: `Expediente ${pqr.radicado}`, Author: settings.companyName, Subject: 'PQR' },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  doc.font('Helvetica-Bold').fontSize(16).text(`Expediente ${pqr.radicado}`);
  doc
    .font('Helvetica')
    .fontSize(10)
    .text(`${settings.companyName} · generado el ${at(new Date().toISOString())}`);

  heading(doc, 'La PQR');
  field(doc, 'Radicado', pqr.radicado);
  field(doc, 'Tipo', pqr.typeLabel);
  field(doc, 'Estado', pqr.stateLabel);
  field(doc, 'Radicada', at(pqr.filedAt));
  field(doc, 'Fecha límite de respuesta', row.dueDate);
  if (pqr.dueDate !== row.dueDate) field(doc, 'Fecha límite del recurso', pqr.dueDate);
  field(doc, 'Medio de respuesta', pqr.channelLabel);
  if (pqr.noGuide) doc.text('Marcó «No conservo la guía».');

  heading(doc, 'Quien la presentó');
  field(doc, 'Nombre', pqr.customer.name);
  field(doc, 'Documento', pqr.customer.idNumber);
  field(doc, 'Correo', pqr.customer.email);
  field(doc, 'Tipo de usuario', pqr.customer.visitor ? 'Usuario sin cuenta' : 'Cliente');

  heading(doc, 'Actuaciones');
  for (const event of pqr.events.filter((event) => event.kind !== 'nota')) eventBlock(doc, event);

  heading(doc, 'Adjuntos');
  const attachments = pqr.events.flatMap((event) =>
    event.kind === 'nota' ? [] : event.attachments.map((attachment) => ({ event, attachment })),
  );
  if (attachments.length === 0) doc.text('Sin adjuntos.');
  for (const { event, attachment } of attachments)
    doc.text(
      `${attachment.name} · ${attachment.mime} · ${Math.ceil(attachment.size / 1024)} KB · ${KIND_LABELS[event.kind]} del ${at(event.at)}`,
    );

  heading(doc, 'El paquete');
  if (!pqr.package)
    doc.text(pqr.guide ? `Guía ${pqr.guide} (no es un paquete de nuestra red de clientes).` : 'Sin paquete.');
  else {
    field(doc, 'Número', String(pqr.package.number));
    field(doc, 'Guía', pqr.package.guide);
    field(doc, 'Contenido', pqr.package.content);
    if (pqr.package.weightLb !== null)
      field(doc, 'Peso', `${pqr.package.weightLb} lb${pqr.cargo ? ' (carga)' : ''}`);
    for (const event of pqr.package.events)
      doc.text(
        `${at(event.at)} · ${stateLabel(event.state)} · ${event.actor}${event.note ? ` · ${event.note}` : ''}`,
      );
    if (pqr.proof)
      doc.text(`Entregado el ${at(pqr.proof.at)} a ${pqr.proof.receivedBy} (${pqr.proof.relationLabel}).`);
  }
  doc.end();
  return done;
}
