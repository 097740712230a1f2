// The courier's screen merges the server's route with the actions waiting on the phone: a confirmed action shows
// its outcome at once (marked waiting), an accepted one until the server's route catches up, a refused one with
// its reason; the counters and 'Mi caja' count what waits apart from what the server holds.
import { describe, expect, it } from 'vitest';
import type { Attempt, Delivery } from '../../../shared/delivery/door-forms.ts';
import type { MyRoute, MyRouteStop } from '../api.ts';
import { cashOf, countersOf, type DoorAction, stopViews } from './door-actions.ts';

const AT = '2026-11-23T15:00:00.000Z';

function stop(number: number, outcome: MyRouteStop['outcome'] = { kind: 'pending' }): MyRouteStop {
  return {
    position: number - 100,
    number,
    guide: `G${number}`,
    state: 'en_reparto',
    customerName: 'Ana',
    phone: '+573001112233',
    address: 'Calle 10, Medellín',
    instructions: '',
    valueToPayCop: 85_000,
    paidOnline: false,
    outcome,
    earlierAttempts: 0,
  };
}

const delivery = (collectedCop: number, means: Delivery['means']) =>
  ({
    key: 'k',
    at: AT,
    receivedBy: 'Ana',
    document: '1020304050',
    relation: 'titular',
    collectedCop,
    means,
  }) as Delivery;

function deliver(
  id: number,
  number: number,
  status: DoorAction['status'],
  means: Delivery['means'] = 'efectivo',
) {
  return { id, number, status, refusal: null, kind: 'deliver', body: delivery(85_000, means) } as DoorAction;
}

function attempt(id: number, number: number, status: DoorAction['status']): DoorAction {
  const body = { key: 'k', at: AT, reason: 'no_habia_nadie', note: '' } as Attempt;
  const refusal =
    status === 'error' ? { status: 409, message: 'Ese paquete no está en tu ruta en curso.' } : null;
  return { id, number, status, refusal, kind: 'attempt', body };
}

describe('stopViews', () => {
  it("shows an action waiting on the phone as done, marked waiting, over the server's pending stop", () => {
    const [view] = stopViews([stop(101)], [deliver(1, 101, 'pending')]);
    expect(view?.outcome).toEqual({ kind: 'delivered', at: AT, collectedCop: 85_000, means: 'efectivo' });
    expect(view?.waiting).toBe(true);
    expect(view?.refused).toBeNull();
  });

  it("keeps an accepted action until the server's route says so, then shows the server's outcome", () => {
    const accepted = deliver(1, 101, 'success');
    expect(stopViews([stop(101)], [accepted])[0]?.outcome.kind).toBe('delivered');
    expect(stopViews([stop(101)], [accepted])[0]?.waiting).toBe(false);
    const server = { kind: 'delivered', at: AT, collectedCop: 80_000, means: 'nequi' } as const;
    expect(stopViews([stop(101, server)], [accepted])[0]?.outcome).toEqual(server);
  });

  it("shows a refused action with its reason and the server's outcome", () => {
    const [view] = stopViews([stop(102)], [attempt(1, 102, 'error')]);
    expect(view?.outcome).toEqual({ kind: 'pending' });
    expect(view?.refused?.refusal?.message).toBe('Ese paquete no está en tu ruta en curso.');
  });

  it('shows a failed attempt confirmed on the phone with its reason label', () => {
    const [view] = stopViews([stop(102)], [attempt(1, 102, 'pending')]);
    expect(view?.outcome).toMatchObject({
      kind: 'failed',
      reason: 'no_habia_nadie',
      reasonLabel: 'No había nadie',
    });
  });
});

describe('counters and Mi caja', () => {
  const route = (stops: MyRouteStop[]): MyRoute => ({
    id: 1,
    date: '2026-11-23',
    zone: 'Laureles',
    stateLabel: 'En curso',
    progress: {
      stops: 3,
      delivered: 1,
      failed: 0,
      pending: 2,
      valueToCollectCop: 255_000,
      collectedCop: 85_000,
    },
    counters: {
      delivered: 1,
      pending: 2,
      failed: 0,
      cash: [{ means: 'nequi', label: 'Nequi', amountCop: 85_000, count: 1 }],
    },
    stops,
  });
  const server = { kind: 'delivered', at: AT, collectedCop: 85_000, means: 'nequi' } as const;
  const stops = [stop(101, server), stop(102), stop(103)];
  const actions = [attempt(1, 102, 'pending'), deliver(2, 103, 'pending', 'efectivo')];

  it('counts the outcomes shown, those waiting on the phone included', () => {
    expect(countersOf(stopViews(stops, actions))).toEqual({ delivered: 2, pending: 0, failed: 1 });
  });

  it("lists the server's sums and, apart, what waits on the phone, by means", () => {
    const lines = cashOf(route(stops), stopViews(stops, actions));
    expect(
      lines.map(({ means, server, phoneCop, phoneCount }) => [
        means,
        server?.amountCop,
        phoneCop,
        phoneCount,
      ]),
    ).toEqual([
      ['efectivo', undefined, 85_000, 1],
      ['nequi', 85_000, 0, 0],
    ]);
  });
});
