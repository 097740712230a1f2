// The words a payment receipt says the same on its page and in its PDF (design/delivery.md 'Collections and the cash
// close'): what the charge was and how it was paid, label and value.
import { formatCop, formatUsd } from '../money.ts';
import type { PaymentReceipt } from './api-types.ts';

/** The charge's fee lines and the payment, label and value, in the order the page and the PDF both show them. */
export function receiptPaymentFacts(receipt: PaymentReceipt): Array<[string, string]> {
  return [
    ...receipt.feeLines.map((line): [string, string] => [
      line.label,
      `${formatUsd(line.amountCents)} (${formatCop(line.amountCop)})`,
    ]),
    ['Valor a pagar', `${formatUsd(receipt.valueToPayCents)} (${formatCop(receipt.valueToPayCop)})`],
    ['Valor pagado', formatCop(receipt.paidCop)],
    ['Medio de pago', receipt.meansLabel],
    ['Referencia', receipt.reference || '—'],
  ];
}
