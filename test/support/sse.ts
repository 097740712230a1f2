// The one SSE client of the tests: reads a text/event-stream response (from app.request() or fetch) event by
// event and wakes a waiting test on each one, so a test waits for what happens instead of sleeping; a negative is
// shown by waiting for a later event and then finding the earlier one absent from `seen`.

/** One event block of the stream; `comment` holds a comment line (': heartbeat'). */
export interface SseEvent {
  event?: string;
  data?: string;
  id?: string;
  retry?: string;
  comment?: string;
}

export type SseStream = ReturnType<typeof readSse>;

/** Reads `response`'s stream until it ends or the test closes it; `onClose` also runs on close (e.g. an abort). */
export function readSse(response: Response, onClose: () => void = () => {}) {
  if (!response.body) throw new Error(`no stream: ${response.status}`);
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  const seen: SseEvent[] = [];
  const waiters = new Set<() => void>();
  let isEnded = false;
  const wakeAll = () => {
    for (const wake of waiters) wake();
  };

  const ended = (async () => {
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += value.replace(/\r\n?/g, '\n');
        for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (block) seen.push(parseBlock(block));
        }
        wakeAll();
      }
    } catch {
      // Cancelled or aborted by the test.
    } finally {
      isEnded = true;
      wakeAll();
    }
  })();

  /** The first event from index `from` on that matches, waiting for it up to `timeoutMs`. */
  function next(match: (event: SseEvent) => boolean, from = 0, timeoutMs = 10_000): Promise<SseEvent> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => settle(new Error(`timed out; saw ${JSON.stringify(seen)}`)), timeoutMs);
      function settle(outcome: SseEvent | Error) {
        clearTimeout(timer);
        waiters.delete(look);
        if (outcome instanceof Error) reject(outcome);
        else resolve(outcome);
      }
      function look() {
        const found = seen.slice(from).find(match);
        if (found) settle(found);
        else if (isEnded) settle(new Error(`stream ended; saw ${JSON.stringify(seen)}`));
      }
      waiters.add(look);
      look();
    });
  }

  return {
    response,
    /** Every event and comment so far, in order of arrival. */
    seen,
    next,
    /** The first event named `name` from index `from` on. */
    event: (name: string, from = 0, timeoutMs?: number) =>
      next((event) => event.event === name, from, timeoutMs),
    /** The names of the events so far (comments left out). */
    names: () => seen.flatMap((event) => (event.event ? [event.event] : [])),
    isEnded: () => isEnded,
    /** Settles when the stream ends: the server closed it, or the test did. */
    ended,
    async close() {
      onClose();
      await reader.cancel().catch(() => {});
      await ended;
    },
  };
}

/** Opens `url` over real HTTP (fetch) and reads its event stream; close() also drops the connection. */
export async function openSse(url: string, headers: Record<string, string> = {}) {
  const controller = new AbortController();
  const response = await fetch(url, { headers, signal: controller.signal });
  return readSse(response, () => controller.abort());
}

function parseBlock(block: string): SseEvent {
  const event: SseEvent = {};
  for (const line of block.split('\n')) {
    if (line.startsWith(':')) {
      event.comment = line.slice(1).trim();
      continue;
    }
    const colon = line.indexOf(':');
    const field = (colon < 0 ? line : line.slice(0, colon)) as keyof SseEvent;
    const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
    // Several data lines make one value, joined by newlines (the SSE rule).
    event[field] = field === 'data' && event.data !== undefined ? `${event.data}\n${value}` : value;
  }
  return event;
}
