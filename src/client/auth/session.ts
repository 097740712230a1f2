// Who is signed in on this browser (GET /api/me), for the site header and the welcome screen. On the signed-in
// screens the answer is the ['me'] query's (auth/me.ts registers it here); the first paint of '/' and the sign-in
// forms, which must not load the query library, ask the same endpoint plainly.
import { useEffect, useState } from 'react';
import type { Me } from '../../shared/accounts/api-types.ts';
import { RequestError } from '../app/request.ts';
import { getMe, signOut } from './api.ts';

export type Role = 'customer' | 'reparto' | 'bodega' | 'admin';

const HINT_KEY = 'casillero.cuenta';

function toRole(value: unknown): Role | null {
  if (value === 'admin' || value === 'bodega' || value === 'reparto') return value;
  return value === 'customer' ? 'customer' : null;
}

function readHint(): Role | null {
  try {
    return toRole(window.localStorage.getItem(HINT_KEY));
  } catch {
    // Storage refused (private mode, a blocked cookie policy): behave as a first visit.
    return null;
  }
}

function writeHint(role: Role | null) {
  try {
    if (role) window.localStorage.setItem(HINT_KEY, role);
    else window.localStorage.removeItem(HINT_KEY);
  } catch {
    // As above: the hint is a convenience, never a requirement.
  }
}

/*
 * GET /api/me is asked once per page load and the role it gives remembered in localStorage as a hint: public screens
 * ask only when the hint says someone signed in here (for a visitor the answer is a 401, which the browser logs).
 * `known` is the role once answered; a failed or anonymous answer is not kept (asked again).
 */
let known: Role | null = null;
let asking: Promise<Role | null> | null = null;
let readMe: () => Promise<Me> = getMe;
const listeners = new Set<(role: Role | null) => void>();
/** The ['me'] query becomes where the session is read, once a signed-in screen has loaded it. */
export function readSessionThrough(reader: () => Promise<Me>) {
  readMe = reader;
}

/**
 * Every answer of GET /api/me passes here: the record (and its role) or the error. No session (401) or no users
 * record (404) is nobody to show a navigation to; a network error keeps the hint.
 */
export function sessionAnswered(me: Me | null, error?: unknown): Role | null {
  known = me ? (toRole(me.role) ?? 'customer') : null;
  if (me || (error instanceof RequestError && (error.status === 401 || error.status === 404)))
    writeHint(known);
  for (const listener of listeners) listener(known);
  return known;
}

function lookUp(): Promise<Role | null> {
  asking ??= readMe()
    .then(
      (me) => sessionAnswered(me),
      (error: unknown) => sessionAnswered(null, error),
    )
    .finally(() => {
      asking = null;
    });
  return asking;
}

const RANK: Record<Role, number> = { customer: 0, reparto: 1, bodega: 1, admin: 2 };

/**
 * Of the remembered role and the screen's guess, the one with more places: staff opening a customer's screen are
 * still staff, and after another person signed in here an admin screen is an admin's.
 */
function wider(hint: Role | null, guess: Role | null): Role | null {
  if (!hint || !guess) return hint ?? guess;
  return RANK[hint] >= RANK[guess] ? hint : guess;
}

/**
 * The signed-in role, or `null` for nobody. A screen only a signed-in person opens passes the role it implies
 * (`guess`: '/admin' an admin's, '/locker' a customer's), shown at once so its header does not wait or move, and
 * always asks; other screens pass `null` and ask only after the hint. The answer replaces the guess, and so does
 * any later one (the ['me'] query read again).
 */
export function useSession(guess: Role | null): Role | null {
  const [role, setRole] = useState<Role | null>(() => known ?? wider(readHint(), guess));
  useEffect(() => {
    listeners.add(setRole);
    if (!known && (guess || readHint())) void lookUp();
    return () => {
      listeners.delete(setRole);
    };
  }, [guess]);
  return role;
}

/** What a screen must do before its person leaves (the courier's phone forgets their copy), at most this long. */
const beforeSignOut = new Set<() => Promise<void>>();
const SIGN_OUT_WAITS_MS = 2000;

export function whenSigningOut(task: () => Promise<void>): void {
  beforeSignOut.add(task);
}

/** Signs out (POST /api/logout, then /login) and forgets the hint, so '/' offers 'Ingresar' again. */
export async function signOutHere(): Promise<void> {
  known = null;
  writeHint(null);
  const tasks = Promise.all([...beforeSignOut].map((task) => task().catch(() => undefined)));
  await Promise.race([tasks, new Promise((resolve) => setTimeout(resolve, SIGN_OUT_WAITS_MS))]);
  return signOut();
}
