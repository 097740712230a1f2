// 'Cambiar estado' for the board's selection: all or nothing, with the reason of every refusal; a correction is
// audited in the same transaction.
import type { z } from 'zod';
import type { bulkChangeSchema } from '../../shared/packages/operations.ts';
import type { PackageState } from '../../shared/packages/states.ts';
import { recordAudit } from '../audit/audit.ts';
import type { Database } from '../db/open.ts';
import { Refused } from '../errors.ts';
import { type Actor, changeStates, type MailSettings } from './state-change.ts';

/** Moves every package of `form` to `to` (or none: Refused, with each refusal); the packages changed. */
export async function changeSelection(
  db: Database,
  form: z.output<typeof bulkChangeSchema>,
  to: PackageState,
  actor: Actor,
  mail: MailSettings,
  ip: string,
) {
  const note =
    to === 'entregado' ? `Recibido por: ${form.receivedBy}${form.note ? `. ${form.note}` : ''}` : form.note;
  const { changed } = await db.transaction(async (tx) => {
    const outcome = await changeStates(tx, form.numbers, to, actor, mail, {
      note,
      carrier: form.carrier,
      carrierGuide: form.carrierGuide,
      correction: form.correction,
    });
    if (outcome.refused.length > 0) throw new Refused(outcome.refused);
    if (form.correction)
      await recordAudit(tx, {
        action: 'package_state_corrected',
        actorId: actor.id,
        ip,
        detail: { numbers: form.numbers, state: to, note },
      });
    return outcome;
  });
  return changed;
}
