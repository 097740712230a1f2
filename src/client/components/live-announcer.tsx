// The page's one live region, always there and visually hidden, for confirmations that move nothing on screen.
import { useEffect, useSyncExternalStore } from 'react';

let message = '';
const listeners = new Set<() => void>();
let pending: ReturnType<typeof setTimeout> | undefined;

function emit(next: string) {
  message = next;
  for (const listener of listeners) listener();
}

/** Says `text` through the page's live region; the same text twice in a row is said twice. */
export function announce(text: string) {
  clearTimeout(pending);
  emit('');
  // Emptied first and refilled a moment later: a region whose text does not change is not read again.
  pending = setTimeout(() => emit(text), 100);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function LiveAnnouncer() {
  // A new screen starts silent: what the previous one said is not carried over.
  useEffect(
    () => () => {
      clearTimeout(pending);
      message = '';
    },
    [],
  );
  const text = useSyncExternalStore(
    subscribe,
    () => message,
    () => '',
  );
  return (
    <div role="status" className="visually-hidden">
      {text}
    </div>
  );
}
