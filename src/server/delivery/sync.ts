// The phone's queue at once (POST /api/delivery/sync, design/delivery.md 'No signal'): the actions the courier
// confirmed without signal, applied in the order sent, each as its own endpoint would, with one answer per action. Runs
// of deliveries are applied set-based in one transaction (1,000 queued deliveries are a few dozen statements, not tens
// of thousands); attempts, rarer, one by one. Nothing is all-or-none: a refused action is answered alone.
import type { SyncResult } from '../../shared/delivery/api-types.ts';
import { type Attempt, attemptSchema, deliverySchema } from '../../shared/delivery/door-forms.ts';
import type { Database } from '../db/open.ts';
import { DomainError, Unavailable } from '../errors.ts';
import type { StoredFile } from '../files/store.ts';
import { checkedBody, statusOf } from '../http.ts';
import { type AttemptMailSettings, recordAttempt } from './attempt.ts';
import { applyDeliveries, deliver, isDeliveryRace } from './deliver.ts';
import type { DeliveryItem, ItemResult } from './deliver-checks.ts';
import { doorPhoto } from './door-common.ts';

type Action = { kind: 'deliver' | 'attempt'; number: number; body: Record<string, unknown> };

type Parsed =
  | { kind: 'deliver'; item: DeliveryItem }
  | { kind: 'attempt'; number: number; form: Attempt; photo: StoredFile | null }
  | { kind: 'refused'; key: string; number: number; error: DomainError };

function refusedResult(key: string, number: number, error: DomainError): SyncResult {
  const { code, message, field } = error;
  return {
    ok: false,
    key,
    number,
    status: statusOf(error),
    error: { code, message, ...(field ? { field } : {}) },
  };
}

function resultOf(key: string, number: number, result: ItemResult): SyncResult {
  return result instanceof DomainError
    ? refusedResult(key, number, result)
    : { ok: true, key, number, done: result };
}

/** An action's body checked with its endpoint's schema, its photos decoded and stored; a refusal of its own
 * otherwise. */
async function parse({ kind, number, body }: Action): Promise<Parsed> {
  const key = typeof body.key === 'string' ? body.key : '';
  try {
    if (kind === 'attempt') {
      const form = checkedBody(attemptSchema, body);
      return { kind, number, form, photo: await doorPhoto(form.photo, 'photo') };
    }
    const form = checkedBody(deliverySchema, body);
    const photos = {
      photo: await doorPhoto(form.photo, 'photo'),
      noveltyPhoto: await doorPhoto(form.noveltyPhoto, 'noveltyPhoto'),
    };
    return { kind, item: { number, form, photos } };
  } catch (error) {
    // A bucket down refuses the whole sync (503), which the phone sends again, never one action for good.
    if (error instanceof DomainError && !(error instanceof Unavailable))
      return { kind: 'refused', key, number, error };
    throw error;
  }
}

/** A run of deliveries in one transaction; when it meets a racing twin, each again on its own. */
async function deliverRun(db: Database, courierId: string, items: DeliveryItem[], mail: AttemptMailSettings) {
  try {
    const results = await db.transaction((tx) => applyDeliveries(tx, courierId, items, mail));
    return items.map((item, index) => {
      const result = results[index];
      if (!result) throw new Error(`no answer for key ${item.form.key}`);
      return resultOf(item.form.key, item.number, result);
    });
  } catch (error) {
    if (!isDeliveryRace(error)) throw error;
    const results: SyncResult[] = [];
    for (const { number, form, photos } of items) {
      try {
        results.push(resultOf(form.key, number, await deliver(db, courierId, number, form, photos, mail)));
      } catch (refusal) {
        if (!(refusal instanceof DomainError)) throw refusal;
        results.push(refusedResult(form.key, number, refusal));
      }
    }
    return results;
  }
}

export async function syncActions(
  db: Database,
  courierId: string,
  actions: Action[],
  mail: AttemptMailSettings,
): Promise<SyncResult[]> {
  const parsed: Parsed[] = [];
  for (const action of actions) parsed.push(await parse(action));
  const results: SyncResult[] = [];
  let run: DeliveryItem[] = [];
  const flush = async () => {
    if (run.length > 0) results.push(...(await deliverRun(db, courierId, run, mail)));
    run = [];
  };
  for (const action of parsed) {
    if (action.kind === 'deliver') {
      run.push(action.item);
      continue;
    }
    await flush();
    if (action.kind === 'refused') results.push(refusedResult(action.key, action.number, action.error));
    else
      try {
        const done = await recordAttempt(db, courierId, action.number, action.form, action.photo, mail);
        results.push({ ok: true, key: action.form.key, number: action.number, done });
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        results.push(refusedResult(action.form.key, action.number, error));
      }
  }
  await flush();
  return results;
}
