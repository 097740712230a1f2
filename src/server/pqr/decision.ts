// 'Decisión' on a solicitud de indemnización (design/pqr.md): 'Aprobada' with the amount in pesos, paid as 'Crédito' on
// the customer's next charge (a row of the credit ledger kept in pesos, amount_cop: the charge that uses it converts
// it at its own TRM and back at the same one, so the customer gets the pesos approved) or by
// 'Transferencia' with its reference; or 'Negada' with the reason. Once per PQR (a correction is a note), mailed,
// and audited.

import { formatCop } from '../../shared/money.ts';
import type { PqrDecision } from '../../shared/pqr/api-types.ts';
import {
  DECISION_OUTCOME_LABELS,
  type Decision,
  INDEMNITY_PAYMENT_LABELS,
  pqrMessages,
} from '../../shared/pqr/forms.ts';
import { recordAudit } from '../audit/audit.ts';
import type { UserRecord } from '../auth/session.ts';
import type { Transaction } from '../db/open.ts';
import { creditLedger } from '../db/schema.ts';
import { Conflict, Invalid } from '../errors.ts';
import { addEvent, mailFiler } from './actions.ts';
import { decisionMail } from './mails.ts';
import { eventsOf, type PqrRow } from './records.ts';
import type { PqrSettings } from './settings.ts';

export async function decideIndemnity(
  tx: Transaction,
  settings: PqrSettings,
  row: PqrRow,
  staff: UserRecord,
  form: Decision,
  ip: string,
) {
  if (row.type !== 'indemnizacion') throw new Conflict('not_indemnity', pqrMessages.decisionOnlyIndemnity);
  const events = await eventsOf(tx, row.number);
  if (events.some((event) => event.kind === 'decision'))
    throw new Conflict('already_decided', pqrMessages.decisionAlready);
  const approved = form.outcome === 'aprobada';
  const payment = approved ? (form.payment ?? null) : null;
  if (payment === 'credito' && row.userId === null)
    throw new Invalid('invalid', pqrMessages.creditNeedsAccount, { field: 'payment' });
  const decision: PqrDecision = {
    outcome: form.outcome,
    outcomeLabel: DECISION_OUTCOME_LABELS[form.outcome],
    amountCop: approved ? (form.amountCop ?? null) : null,
    payment,
    paymentLabel: payment ? INDEMNITY_PAYMENT_LABELS[payment] : null,
    reference: payment === 'transferencia' ? form.reference : null,
    reason: approved ? null : form.reason,
  };
  const creditCop = payment === 'credito' && row.userId && decision.amountCop ? decision.amountCop : null;
  if (row.userId && creditCop)
    await tx
      .insert(creditLedger)
      .values({ userId: row.userId, kind: 'indemnizacion', amountCents: 0, amountCop: creditCop });
  const lines = approved
    ? [
        `Aprobamos tu solicitud de indemnización ${row.radicado} por ${formatCop(decision.amountCop ?? 0)}.`,
        payment === 'credito'
          ? 'Lo verás como crédito descontado de tu próximo cobro.'
          : `Te lo pagamos por transferencia (referencia ${decision.reference ?? ''}).`,
      ]
    : [`Negamos tu solicitud de indemnización ${row.radicado}.`, `Motivo: ${decision.reason ?? ''}`];
  await addEvent(tx, row, {
    kind: 'decision',
    actorId: staff.id,
    actorRole: 'staff',
    actorName: staff.name,
    text: lines.join('\n'),
    decision,
  });
  await mailFiler(tx, row, (to) => decisionMail(settings, to, row.radicado, lines));
  await recordAudit(tx, {
    action: 'pqr_decision',
    actorId: staff.id,
    subjectId: row.userId,
    ip,
    detail: { radicado: row.radicado, ...decision, creditCop },
  });
  return pqrMessages.decisionSaved;
}
