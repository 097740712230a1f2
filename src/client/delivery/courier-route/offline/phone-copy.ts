// What the screen says of the phone's copy (door-queue.ts writes it): when the route and the waiting actions were
// last written to IndexedDB ('Ruta guardada en este teléfono · 6:37 a. m.'), and whether the last write failed
// (the phone is full, or its storage refused): then what the courier confirms is not kept across a reload, and the
// screen says so. An external store: read with useSyncExternalStore, nothing on the server (it has no copy).
import { useSyncExternalStore } from 'react';

export interface PhoneCopy {
  /** When the last write succeeded (ms), or when the copy read at the start was written; null before either. */
  savedAt: number | null;
  /** The last write (or the start's read) failed. */
  failed: boolean;
}

const NOTHING: PhoneCopy = { savedAt: null, failed: false };
let copy: PhoneCopy = NOTHING;
const listeners = new Set<() => void>();

function change(next: PhoneCopy) {
  if (next.savedAt === copy.savedAt && next.failed === copy.failed) return;
  copy = next;
  for (const listener of listeners) listener();
}

export const phoneCopy = {
  saved: (at: number) => change({ savedAt: at, failed: false }),
  failed: () => change({ savedAt: copy.savedAt, failed: true }),
  /** Another person's copy is not this one's (door-queue.ts, on a change of courier). */
  reset: () => change(NOTHING),
  read: (): PhoneCopy => copy,
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

/** The phone's copy as the screen shows it; nothing during the server's render and the browser's take-over of it. */
export function usePhoneCopy(): PhoneCopy {
  return useSyncExternalStore(subscribe, phoneCopy.read, () => NOTHING);
}
