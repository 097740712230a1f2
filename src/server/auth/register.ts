// Registration (design/architecture.md decision 4): the account, its credential, the users record with its locker
// number and the verification mail commit in one transaction, or nothing does.

import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { messages } from '../../shared/messages.ts';
import { PRIVACY_POLICY_VERSION } from '../../shared/policy.ts';
import type { Registration } from '../../shared/registration.ts';
import { isUniqueViolation } from '../db/errors.ts';
import type { Database, Transaction } from '../db/open.ts';
import { authAccount, authUser, lockerCounter, users } from '../db/schema.ts';
import { setConsent } from '../notices/consent.ts';
import { hashPassword } from './password.ts';
import { queueVerificationMail } from './verification.ts';

export const FIRST_LOCKER_NUMBER = 1334;
export const USER_REGISTERED_CHANNEL = 'user_registered';
const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A 32-character id like better-auth's; its first 6 characters, upper-cased, make the referral code. */
function newUserId(): string {
  return Array.from(randomBytes(32), (byte) => ID_ALPHABET[byte % 62]).join('');
}

/** design/product.md §4: lastNumber + 1, or 1334 when the counter is missing. Row-locked until the transaction ends. */
async function assignLockerNumber(tx: Transaction): Promise<string> {
  const [counter] = await tx
    .insert(lockerCounter)
    .values({ id: 'lockers', lastNumber: FIRST_LOCKER_NUMBER })
    .onConflictDoUpdate({
      target: lockerCounter.id,
      set: { lastNumber: sql`${lockerCounter.lastNumber} + 1` },
    })
    .returning({ lastNumber: lockerCounter.lastNumber });
  if (!counter) throw new Error('locker counter did not answer');
  return String(counter.lastNumber);
}

/** design/architecture.md decision 6: the first 6 characters of the id upper-cased, or the next 6 on a collision. */
async function pickRefCode(tx: Transaction, userId: string): Promise<string> {
  for (let start = 0; start + 6 <= userId.length; start += 6) {
    const candidate = userId.slice(start, start + 6).toUpperCase();
    const [taken] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.refCode, candidate))
      .limit(1);
    if (!taken) return candidate;
  }
  return pickRefCode(tx, newUserId());
}

/** The `ref` value upper-cased when it names an existing referral code, else empty. */
async function resolveReferrer(tx: Transaction, ref: string): Promise<string> {
  const code = ref.trim().toUpperCase();
  if (!/^[A-Z0-9]{6}$/.test(code)) return '';
  const [referrer] = await tx.select({ id: users.id }).from(users).where(eq(users.refCode, code)).limit(1);
  return referrer ? code : '';
}

export class EmailTakenError extends Error {
  constructor() {
    super(messages.emailTaken);
  }
}

export interface RegistrationContext {
  brandName: string;
  appUrl: string;
  officeAddress: string;
  adminEmails: string[];
  ip: string;
  userAgent: string;
  /** Tests only: throws after the locker number was taken, to prove it rolls back. */
  failAfterLockerNumber?: () => void;
}

export async function registerCustomer(db: Database, form: Registration, context: RegistrationContext) {
  const passwordHash = await hashPassword(form.password);
  try {
    return await db.transaction(async (tx) => {
      // A taken e-mail fails the insert below on its unique index (caught after the transaction).
      const now = new Date();
      const id = newUserId();
      await tx.insert(authUser).values({ id, name: form.name, email: form.email, emailVerified: false });
      await tx.insert(authAccount).values({
        id: newUserId(),
        accountId: id,
        providerId: 'credential',
        userId: id,
        password: passwordHash,
      });
      const lockerNumber = await assignLockerNumber(tx);
      context.failAfterLockerNumber?.();
      const record = {
        id,
        name: form.name,
        registeredName: form.name,
        email: form.email,
        cedula: form.cedula,
        telefono: form.telefono,
        direccion1: form.direccion1,
        ciudad1: form.ciudad1,
        codigoPostal1: form.codigoPostal1,
        direccion2: form.direccion2,
        ciudad2: form.ciudad2,
        codigoPostal2: form.codigoPostal2,
        lockerNumber,
        officeAddress: context.officeAddress,
        refCode: await pickRefCode(tx, id),
        referredBy: await resolveReferrer(tx, form.ref),
        aceptoPolitica: true,
        fechaAceptoPolitica: now,
        politicaVersion: PRIVACY_POLICY_VERSION,
        consentIp: context.ip.slice(0, 100),
        consentUserAgent: context.userAgent.slice(0, 500),
        role: context.adminEmails.includes(form.email) ? ('admin' as const) : ('customer' as const),
        createdAt: now,
      };
      await tx.insert(users).values(record);
      // The WhatsApp box, kept with its time and policy version (design/notices.md 'Consent first'): with the account
      // or not at all.
      if (form.avisosWhatsapp)
        await setConsent(tx, id, true, 'registro', { phone: form.telefono, ip: context.ip });

      await queueVerificationMail(tx, { id, email: form.email, name: form.name }, context, {
        replaceOlder: false,
      });
      // Delivered to every LISTENing instance when, and only when, this transaction commits.
      await tx.execute(sql`select pg_notify(${USER_REGISTERED_CHANNEL}, ${id})`);
      return record;
    });
  } catch (error) {
    if (isUniqueViolation(error, 'auth_user_email_unique')) throw new EmailTakenError();
    throw error;
  }
}
