// The live pages' stream (watchLiveStream): a reconnect reads again, and a stream the server refused (a 503 while
// its database restarts: EventSource then gives up for good) is opened again, so the page catches up by itself.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { watchLiveStream } from './live.ts';

/** EventSource as far as the hook uses it: the test plays the server by firing events and setting readyState. */
class FakeSource extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static opened: FakeSource[] = [];
  readyState = FakeSource.CONNECTING;
  constructor(readonly url: string) {
    super();
    FakeSource.opened.push(this);
  }
  emit(name: string) {
    if (name !== 'error') this.readyState = FakeSource.OPEN;
    this.dispatchEvent(new Event(name));
  }
  close() {
    this.readyState = FakeSource.CLOSED;
  }
}

afterEach(() => {
  FakeSource.opened = [];
  vi.useRealTimers();
});

function watch() {
  const onChange = vi.fn();
  const stop = watchLiveStream({
    url: '/api/packages/events',
    event: 'refresh',
    onChange,
    reopenMs: 5000,
    EventSourceClass: FakeSource as unknown as typeof EventSource,
  });
  return { onChange, stop };
}

describe('watchLiveStream', () => {
  it('reads again on each event and on each reconnect, not on the first ready', () => {
    const { onChange } = watch();
    const [source] = FakeSource.opened;
    source?.emit('ready');
    expect(onChange).not.toHaveBeenCalled();
    source?.emit('refresh');
    expect(onChange).toHaveBeenCalledTimes(1);
    // The browser reconnected by itself (the stream ended): its 'ready' means changes may have been missed.
    source?.emit('error');
    source?.emit('ready');
    expect(onChange).toHaveBeenCalledTimes(2);
  });

  it('opens the stream again after the server refused it, and reads again once it is back', () => {
    vi.useFakeTimers();
    const { onChange, stop } = watch();
    FakeSource.opened[0]?.emit('ready');
    // The database restarts: the stream ends, the browser's reconnect gets a 503 and EventSource gives up.
    const first = FakeSource.opened[0];
    if (first) first.readyState = FakeSource.CLOSED;
    first?.emit('error');
    expect(FakeSource.opened).toHaveLength(1);
    vi.advanceTimersByTime(5000);
    expect(FakeSource.opened).toHaveLength(2);
    // Refused again: tried again later.
    const second = FakeSource.opened[1];
    if (second) second.readyState = FakeSource.CLOSED;
    second?.emit('error');
    vi.advanceTimersByTime(5000);
    expect(FakeSource.opened).toHaveLength(3);
    FakeSource.opened[2]?.emit('ready');
    expect(onChange).toHaveBeenCalledTimes(1);
    stop();
    expect(FakeSource.opened[2]?.readyState).toBe(FakeSource.CLOSED);
  });

  it('opens nothing more once the page is left', () => {
    vi.useFakeTimers();
    const { stop } = watch();
    const first = FakeSource.opened[0];
    if (first) first.readyState = FakeSource.CLOSED;
    first?.emit('error');
    stop();
    vi.advanceTimersByTime(60_000);
    expect(FakeSource.opened).toHaveLength(1);
  });
});
