// A page's live stream as the browser holds it: GET of a server-sent-events route over raw HTTP, on its own
// socket, with each event's arrival read on the clock the requests are timed on.
import http from 'node:http';

/** Epoch milliseconds with sub-millisecond precision (the streams and the requests on one clock). */
export const now = () => performance.timeOrigin + performance.now();

export interface StreamEvent {
  event: string | undefined;
  data: string;
  /** When the chunk that completed it arrived (`now()`). */
  at: number;
}

/**
 * Opens `path` with the session cookie; resolves once its `ready` event came. Every event (`ready` included) goes
 * to `onEvent` as it arrives. Destroy the request to close the stream.
 */
export function openEventStream(
  url: string,
  path: string,
  cookie: string,
  onEvent: (event: StreamEvent) => void,
): Promise<http.ClientRequest> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      `${url}${path}`,
      { agent: false, headers: { cookie, accept: 'text/event-stream' } },
      (response) => {
        if (response.statusCode !== 200) {
          reject(new Error(`events: ${response.statusCode}`));
          response.resume();
          return;
        }
        response.setEncoding('utf8');
        let buffer = '';
        response.on('data', (chunk: string) => {
          const at = now();
          buffer += chunk;
          for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const event = /^event: ?(.*)$/m.exec(block)?.[1];
            const data = [...block.matchAll(/^data: ?(.*)$/gm)].map((m) => m[1]).join('\n');
            if (event === 'ready') {
              // Open from now on for as long as the benchmark holds it.
              request.setTimeout(0);
              resolve(request);
            }
            onEvent({ event, data, at });
          }
        });
      },
    );
    request.on('error', reject);
    request.setTimeout(60_000, () => reject(new Error('no ready event in 60 s')));
  });
}
