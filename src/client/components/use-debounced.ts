// A value that follows another once it has stopped changing for `delay` ms: the search asks the server once the
// person pauses typing, not on every key.
import { useEffect, useState } from 'react';

/** How long a search waits after the last key before it asks the server. */
export const SEARCH_DEBOUNCE_MS = 300;

export function useDebounced<T>(value: T, delay: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}
