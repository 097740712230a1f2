// 'Comprobante de pago' as a one-page PDF (pdfkit, ADR 0012): our name and NIT, the receipt's number, the package,
// 'Valor a pagar' in USD and pesos, 'Valor pagado', the means, the reference, date and time. The PDF is written
// uncompressed: it is a few kilobytes, and its text stays readable by any tool (a test reads it back).

import PDFDocument from 'pdfkit';
import type { PaymentReceipt } from '../../shared/collections/api-types.ts';
import { collectionMessages } from '../../shared/collections/forms.ts';
import { receiptPaymentFacts } from '../../shared/collections/receipt.ts';
import { COLOMBIA_TIME_ZONE } from '../../shared/dates.ts';
import { factIf } from '../../shared/facts.ts';

/** Bogotá's date and time, the customer's: '23 nov 2026, 3:05 p. m.'. */
const bogota = new Intl.DateTimeFormat('es-CO', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: COLOMBIA_TIME_ZONE,
});

/** The receipt's lines, label and value, in the order the printable page shows them. */
export function receiptLines(receipt: PaymentReceipt): Array<[string, string]> {
  return [
    ['Número', receipt.receiptCode],
    ['Fecha y hora del pago', bogota.format(new Date(receipt.paidAt))],
    ['Cliente', receipt.customer.name],
    ['Paquete', `${receipt.package.number} (guía ${receipt.package.guide})`],
    ...factIf(receipt.package.content, 'Contenido', receipt.package.content),
    ...receiptPaymentFacts(receipt),
    ...factIf(receipt.receivedBy, 'Recibido por', receipt.receivedBy ?? ''),
  ];
}

/** The PDF's bytes. */
export function receiptPdf(receipt: PaymentReceipt): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({
      size: 'A5',
      margin: 40,
      compress: false,
      info: {
        Title: `${collectionMessages.receiptTitle} ${receipt.receiptCode}`,
        Author: receipt.company.name,
      },
    });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.font('Helvetica-Bold').fontSize(14).text(receipt.company.name);
    doc.font('Helvetica').fontSize(9).text(`NIT ${receipt.company.nit}`).text(receipt.company.address);
    doc.moveDown();
    doc.font('Helvetica-Bold').fontSize(16).text(collectionMessages.receiptTitle);
    doc.moveDown(0.5);
    for (const [label, value] of receiptLines(receipt)) {
      doc.font('Helvetica-Bold').fontSize(10).text(`${label}: `, { continued: true });
      doc.font('Helvetica').text(value);
    }
    doc.moveDown();
    doc
      .fontSize(8)
      .fillColor('#555555')
      .text(`Emitido el ${bogota.format(new Date(receipt.issuedAt))}.`);
    doc.end();
  });
}
