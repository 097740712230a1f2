// Live 'Mis paquetes' (GET /api/packages/events): while a customer's packages screen is open, a 'refresh' from the
// server marks the cached packages (list and detail) stale, so TanStack Query reads them again without a reload; the
// same hook serves the staff's 'Reparto' (delivery/routes-api.ts).
import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { packageKeys } from './api.ts';

const EVENTS_URL = '/api/packages/events';

/** After the server refused a stream (a 503 while its database restarts, a 401), it is opened again this late. */
export const STREAM_REOPEN_MS = 5000;

/**
 * Watches the event stream `url` until the returned function is called: `onChange` runs on each `event`, and on
 * each 'ready' after the first (a reconnect: what changed while the stream was away is read again). EventSource
 * reconnects by itself after a dropped connection or an ended stream, but gives up for good on an answer that is not
 * a stream (a 503 while the server's database restarts): then the stream is opened again after `reopenMs`.
 */
export function watchLiveStream(options: {
  url: string;
  event: string;
  onChange: () => void;
  reopenMs?: number;
  EventSourceClass?: typeof EventSource;
}): () => void {
  const { url, event, onChange, reopenMs = STREAM_REOPEN_MS } = options;
  const Source = options.EventSourceClass ?? EventSource;
  let source: EventSource | null = null;
  let reopen: ReturnType<typeof setTimeout> | undefined;
  let connected = false;
  let stopped = false;
  const open = () => {
    if (stopped) return;
    const current = new Source(url);
    source = current;
    current.addEventListener('ready', () => {
      if (connected) onChange();
      connected = true;
    });
    current.addEventListener(event, onChange);
    current.addEventListener('error', () => {
      if (current.readyState !== Source.CLOSED || stopped) return;
      clearTimeout(reopen);
      reopen = setTimeout(open, reopenMs);
    });
  };
  open();
  return () => {
    stopped = true;
    clearTimeout(reopen);
    source?.close();
  };
}

/**
 * Opens the event stream `url` while the calling screen is mounted and `enabled` (pass "the screen's data has
 * arrived": the stream's set-up then never delays the first read), and closes it on unmount; each `event`, and each
 * reconnect (watchLiveStream), marks the reads under `queryKey` stale.
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
    return watchLiveStream({
      url,
      event,
      onChange: () => {
        const queryKey: unknown = JSON.parse(key);
        if (Array.isArray(queryKey)) void queryClient.invalidateQueries({ queryKey });
      },
    });
  }, [url, event, key, enabled, queryClient]);
}

/** Live 'Mis paquetes': the customer's packages (list and detail) read again on each 'refresh'. */
export function usePackageLiveUpdates(enabled = true): void {
  useLiveRefresh({ url: EVENTS_URL, event: 'refresh', queryKey: packageKeys.all, enabled });
}
