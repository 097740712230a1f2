// The hub when its LISTEN connection is lost (PostgreSQL restarted): every subscription of that channel ends, the
// next one LISTENs anew and is woken by the notices that follow, and an ended subscription's late unsubscribe
// changes no count (it once left the new subscriber uncounted, and its notices undelivered).
import { describe, expect, it } from 'vitest';
import type { OpenDatabase } from '../db/open.ts';
import { type LiveChannel, LiveHub } from './hub.ts';

/** A database whose LISTENs the test drives: notify() delivers, lose() cuts the connection. */
function fakeDatabase() {
  const listens: Array<{ onMessage: (payload: string) => void; onLost?: () => void; stopped: boolean }> = [];
  const database = {
    db: {} as OpenDatabase['db'],
    driver: 'postgres',
    async listen(_channel: string, onMessage: (payload: string) => void, onLost?: () => void) {
      const entry = { onMessage, onLost, stopped: false };
      listens.push(entry);
      return async () => {
        entry.stopped = true;
      };
    },
    ping: async () => true,
    close: async () => {},
  } satisfies OpenDatabase;
  return {
    database,
    listens,
    notify: (payload: string) => listens.at(-1)?.onMessage(payload),
    lose: () => listens.at(-1)?.onLost?.(),
  };
}

const channel: LiveChannel<string> = {
  name: 'cambios',
  decode: (payload) => payload,
  keysOf: (key) => [key],
};

describe('LiveHub after a lost LISTEN', () => {
  it('ends the subscriptions, listens anew for the next one, and delivers to it', async () => {
    const fake = fakeDatabase();
    const hub = new LiveHub(fake.database);
    const ended: string[] = [];
    const heard: string[] = [];
    const unsubscribeOld = await hub.subscribe(channel, {
      key: 'ana',
      wake: (event) => heard.push(`old ${event}`),
      end: () => ended.push('ana'),
    });
    await hub.subscribe(channel, { wake: () => {}, end: () => ended.push('worker') });
    expect(hub.subscriberCount(channel)).toBe(2);

    fake.lose();
    expect(ended.sort()).toEqual(['ana', 'worker']);
    expect(hub.subscriberCount(channel)).toBe(0);

    let delivered: () => void = () => {};
    const woken = new Promise<void>((resolve) => {
      delivered = resolve;
    });
    await hub.subscribe(channel, {
      key: 'ana',
      wake: (event) => {
        heard.push(`new ${event}`);
        delivered();
      },
    });
    expect(fake.listens).toHaveLength(2);
    // The ended stream unsubscribes late (its loop noticed the end): the new subscriber stays counted.
    unsubscribeOld();
    expect(hub.subscriberCount(channel)).toBe(1);
    fake.notify('ana');
    await woken;
    await hub.closeAll();
    expect(heard).toEqual(['new ana']);
  });

  it('ignores a loss reported by a LISTEN it already replaced', async () => {
    const fake = fakeDatabase();
    const hub = new LiveHub(fake.database);
    await hub.subscribe(channel, { wake: () => {} });
    const first = fake.listens[0];
    fake.lose();
    const ended: string[] = [];
    await hub.subscribe(channel, { wake: () => {}, end: () => ended.push('second') });
    first?.onLost?.();
    expect(ended).toEqual([]);
    expect(hub.subscriberCount(channel)).toBe(1);
    await hub.closeAll();
  });
});
