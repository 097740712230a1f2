// Live 'Mis paquetes' (GET /api/packages/events): while a customer's packages screen is open, a 'refresh' from the
// server marks the cached packages (list and detail) stale, so TanStack Query reads them again without a reload; the
// same hook serves the staff's 'Reparto' (api/delivery-routes.ts).
import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { packageKeys } from './packages.ts';

const EVENTS_URL = '/api/packages/events';

/**
 * Opens the event stream `url` while the calling screen is mounted and `enabled` (pass "the screen's data has
 * arrived": the stream's set-up then never delays the first read), and closes it on unmount; each `event` marks the
 * reads under `queryKey` stale. EventSource reconnects by itself after a network error; a change made while it was
 * away is caught by reading again on each later 'ready'.
 */
export function useLiveRefresh(options: {
  url: string;
  event: string;
  queryKey: QueryKey;
  enabled: boolean;
}): void {
  const queryClient = useQueryClient();
  const { url, event, enabled } = options;
  const key = JSON.stringify(options.queryKey);
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    const source = new EventSource(url);
    let connected = false;
    const refresh = () => {
      void queryClient.invalidateQueries({ queryKey: JSON.parse(key) as QueryKey });
    };
    source.addEventListener('ready', () => {
      if (connected) refresh();
      connected = true;
    });
    source.addEventListener(event, refresh);
    return () => source.close();
  }, [url, event, key, enabled, queryClient]);
}

/** Live 'Mis paquetes': the customer's packages (list and detail) read again on each 'refresh'. */
export function usePackageLiveUpdates(enabled = true): void {
  useLiveRefresh({ url: EVENTS_URL, event: 'refresh', queryKey: packageKeys.all, enabled });
}
