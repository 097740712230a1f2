// Each courier's copy on the phone (issue 30 item 8): the route and the actions that wait are kept under the
// courier's own key ('mi-ruta:{id}') in the phone's IndexedDB database (idb-keyval), never in one copy for whoever
// signs in next. Which courier's copy opens without signal is remembered in localStorage (the id the server last
// named); signing out forgets it, and deletes the copy once nothing in it waits to be sent. Every write's outcome is
// told to the screen (phone-copy.ts): when it was saved, or that the phone could not keep it.
import type { AsyncStorage } from '@tanstack/query-persist-client-core';
import { createStore, del, get, set, type UseStore } from 'idb-keyval';
import { phoneCopy } from './phone-copy.ts';

const OWNER_KEY = 'casillero.reparto';
/** The one copy of every courier, before issue 30: given to the first courier who opens the screen after it. */
const SHARED_KEY = 'mi-ruta';

export const copyKey = (owner: string) => `${SHARED_KEY}:${owner}`;

let database: UseStore | undefined;
/** Opened at the first use, never on import (the server renders this screen too). */
const store = () => {
  database ??= createStore('casillero-reparto', 'cola');
  return database;
};

/** The courier whose copy opens when the server cannot be asked; null when nobody's (after a sign-out). */
export function rememberedOwner(): string | null {
  try {
    return window.localStorage.getItem(OWNER_KEY);
  } catch {
    return null;
  }
}

export function rememberOwner(owner: string | null): void {
  try {
    if (owner) window.localStorage.setItem(OWNER_KEY, owner);
    else window.localStorage.removeItem(OWNER_KEY);
  } catch {
    // Storage refused: the copy still opens online, once the server names the courier.
  }
}

async function adoptShared(key: string): Promise<string | null> {
  const shared = await get<string>(SHARED_KEY, store());
  if (shared === undefined) return null;
  await set(key, shared, store());
  await del(SHARED_KEY, store());
  return shared;
}

/**
 * The persister's storage of one courier's copy. `close()` makes it write nothing more (the courier signed out, or
 * another one's route came): a write already scheduled must not bring back a copy just deleted.
 */
export function courierStorage(): AsyncStorage<string> & { close: () => void } {
  let closed = false;
  return {
    getItem: async (key) => (await get<string>(key, store())) ?? adoptShared(key),
    setItem: async (key, value) => {
      if (closed) return;
      try {
        await set(key, value, store());
        phoneCopy.saved(Date.now());
      } catch (error) {
        phoneCopy.failed();
        throw error;
      }
    },
    removeItem: (key) => (closed ? Promise.resolve() : del(key, store())),
    close: () => {
      closed = true;
    },
  };
}

/** Deletes a courier's copy (signed out with nothing waiting). */
export const forgetCopy = (owner: string) => del(copyKey(owner), store());

/** Asks the browser to keep the phone's storage under pressure (not evicted with the cache); once per load. */
let asked = false;
export function askToPersist(): void {
  if (asked || typeof navigator === 'undefined' || !navigator.storage?.persist) return;
  asked = true;
  navigator.storage.persist().catch(() => false);
}
