// 'Esperar mis instrucciones' (design/requests.md): the customer's switch, 'Despachar' (their release of waiting
// packages), and the guard of every dispatch and move to 'En tránsito': a waiting package is refused, naming why.
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { instructionMessages } from '../../shared/requests/instructions.ts';
import type { Reader } from '../collections/sums.ts';
import type { Transaction } from '../db/open.ts';
import { packages, users } from '../db/schema.ts';
import { Conflict, NotFound, PACKAGE_NOT_FOUND, type Refusal } from '../errors.ts';

/** Which of `numbers` wait for their customer's 'Despachar'. */
export async function waitingAmong(db: Reader, numbers: number[]): Promise<number[]> {
  if (numbers.length === 0) return [];
  const rows = await db
    .select({ number: packages.number })
    .from(packages)
    .innerJoin(users, eq(users.id, packages.userId))
    .where(
      and(
        inArray(packages.number, numbers),
        eq(packages.state, 'recibido'),
        isNull(packages.releasedAt),
        eq(users.waitForInstructions, true),
      ),
    );
  return rows.map((row) => row.number).sort((a, b) => a - b);
}

/** The refusals of dispatching `numbers` while their customers wait to give instructions. */
export async function waitingRefusals(db: Reader, numbers: number[]): Promise<Refusal[]> {
  return (await waitingAmong(db, numbers)).map((number) => ({
    number,
    reason: instructionMessages.waiting(number),
  }));
}

export async function setWaitForInstructions(db: Reader, userId: string, wait: boolean) {
  await db.update(users).set({ waitForInstructions: wait }).where(eq(users.id, userId));
}

/** The customer's 'Despachar' of their waiting packages; 404 for another's, a clear refusal for one not waiting. */
export async function releasePackages(tx: Transaction, userId: string, numbers: number[]): Promise<number[]> {
  const wanted = [...new Set(numbers)];
  const own = await tx
    .select({ number: packages.number })
    .from(packages)
    .where(and(inArray(packages.number, wanted), eq(packages.userId, userId)))
    .for('update');
  if (own.length !== wanted.length) throw new NotFound(PACKAGE_NOT_FOUND);
  const waiting = new Set(await waitingAmong(tx, wanted));
  const idle = wanted.find((number) => !waiting.has(number));
  if (idle !== undefined) throw new Conflict('not_waiting', instructionMessages.notWaiting(idle));
  await tx
    .update(packages)
    .set({ releasedAt: new Date(), updatedAt: new Date() })
    .where(inArray(packages.number, wanted));
  return wanted.sort((a, b) => a - b);
}
