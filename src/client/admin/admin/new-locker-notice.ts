// 'Hoy' announces new lockers live, as 'Casilleros' does (DESIGN.md item 11; issue 47 item 10): the admins' stream
// (GET /api/admin/events, live from the newest user without a cursor) is opened once 'Hoy' is read, and each
// registration shows 'Nuevo casillero: {name} ({email})'. The browser reconnects by itself after a network error (the
// server replays from Last-Event-ID); a refused stream (the session ended) is tried again later.
import { useEffect, useState } from 'react';
import { messages } from '../../../shared/messages.ts';
import { answerOf } from '../../app/request.ts';
import { type AdminUser, eventsUrl } from '../api.ts';

const RETRY_MS = 5000;

export function useNewLockerNotice(enabled: boolean): string | null {
  const [notice, setNotice] = useState<string | null>(null);
  useEffect(() => {
    if (!enabled) return;
    let source: EventSource | null = null;
    let retry: ReturnType<typeof setTimeout> | undefined;
    const connect = () => {
      source = new EventSource(eventsUrl(null));
      source.addEventListener('user-registered', (event: MessageEvent<string>) => {
        const user = answerOf<AdminUser>(JSON.parse(event.data));
        setNotice(messages.newLocker(user.name, user.email));
      });
      source.onerror = () => {
        if (source?.readyState !== EventSource.CLOSED) return;
        retry = setTimeout(connect, RETRY_MS);
      };
    };
    connect();
    return () => {
      clearTimeout(retry);
      source?.close();
    };
  }, [enabled]);
  return notice;
}
