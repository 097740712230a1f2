// Live 'Mis paquetes' (GET /api/packages/events): while a customer's packages screen is open, a 'refresh' from the
// server marks the cached packages (list and detail) stale, so TanStack Query reads them again without a reload.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { packageKeys } from './packages.ts';

const EVENTS_URL = '/api/packages/events';

/**
 * Opens the event stream while the calling screen is mounted and `enabled` (pass "the screen's data has arrived":
 * the stream's set-up then never delays the first read), and closes it on unmount. EventSource reconnects by itself
 * after a network error; a change made while it was away is caught by reading again on each later 'ready'.
 */
export function usePackageLiveUpdates(enabled = true): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    const source = new EventSource(EVENTS_URL);
    let connected = false;
    const refresh = () => {
      void queryClient.invalidateQueries({ queryKey: packageKeys.all });
    };
    source.addEventListener('ready', () => {
      if (connected) refresh();
      connected = true;
    });
    source.addEventListener('refresh', refresh);
    return () => source.close();
  }, [enabled, queryClient]);
}
