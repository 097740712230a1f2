// The floor password hashing puts under registration and sign-in: one argon2id hash, and how many the machine
// does with every core hashing.
import { hashPassword } from '../../src/server/auth/password.ts';
import { PASSWORD } from './api.ts';
import { pool } from './load.ts';
import { cores } from './machine.ts';
import { median } from './stats.ts';

/** Median of 21 in-process argon2id hashes (after 3 warm-up hashes), in milliseconds. */
export async function measureHash(): Promise<number> {
  for (let i = 0; i < 3; i++) await hashPassword(PASSWORD);
  const times: number[] = [];
  for (let i = 0; i < 21; i++) {
    const started = performance.now();
    await hashPassword(PASSWORD);
    times.push(performance.now() - started);
  }
  return median(times);
}

/** Hashes per second with one hash in flight per core (the hashes run on libuv's thread pool). */
export async function measureHashCapacity(): Promise<number> {
  const count = 100;
  const started = performance.now();
  await pool(count, cores(), () => hashPassword(PASSWORD).then(() => {}));
  return count / ((performance.now() - started) / 1000);
}
