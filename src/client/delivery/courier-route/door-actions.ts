// What the phone knows beyond the server's answer: the door actions in the queue (TanStack Query's mutation cache,
// kept in IndexedDB). A confirmed action shows its outcome at once, before the server has it; a refused one shows
// why. Counters and 'Mi caja' add what waits on the phone to what the server counted.
import { type Mutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import {
  FAILURE_REASON_LABELS,
  PAYMENT_MEANS,
  PAYMENT_MEANS_LABELS,
  type PaymentMeans,
} from '../../../shared/delivery/door-choices.ts';
import type { Attempt, Delivery } from '../../../shared/delivery/door-forms.ts';
import { type CashByMeans, deliveryKeys, type MyRoute, type MyRouteStop, type StopOutcome } from '../api.ts';
import { type Refusal, refusalOf } from './offline/door-queue.ts';

export type DoorAction = {
  /** The mutation's id in the cache (to dismiss a refusal). */
  id: number;
  number: number;
  status: 'idle' | 'pending' | 'success' | 'error';
  refusal: Refusal | null;
} & ({ kind: 'deliver'; body: Delivery } | { kind: 'attempt'; body: Attempt });

function actionOf(mutation: Mutation): DoorAction {
  // cast: door-queue.ts makes every door mutation, with the body its key names ('deliver' or 'attempt').
  const variables = mutation.state.variables as { number: number; body: Delivery & Attempt };
  const kind = mutation.options.mutationKey?.[1] === 'attempt' ? 'attempt' : 'deliver';
  return {
    id: mutation.mutationId,
    kind,
    number: variables.number,
    body: variables.body,
    status: mutation.state.status,
    refusal: mutation.state.status === 'error' ? refusalOf(mutation.state.error) : null,
  };
}

/**
 * Every door action of this phone still in the cache, oldest first. Not useMutationState: it reads every mutation
 * again at each event of the cache, and 1,000 actions synced are thousands of events (seconds on a phone). Here the
 * events of a moment are read once (the next task), and an action whose state did not change keeps its object.
 */
export function useDoorActions(): DoorAction[] {
  const cache = useQueryClient().getMutationCache();
  const known = useRef(new WeakMap<object, DoorAction>());
  const read = useCallback(
    () =>
      cache.findAll({ mutationKey: deliveryKeys.all }).map((mutation) => {
        const kept = known.current.get(mutation.state);
        if (kept) return kept;
        const action = actionOf(mutation);
        known.current.set(mutation.state, action);
        return action;
      }),
    [cache],
  );
  const [actions, setActions] = useState(read);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const unsubscribe = cache.subscribe(() => {
      timer ??= setTimeout(() => {
        timer = undefined;
        setActions(read());
      }, 0);
    });
    setActions(read());
    return () => {
      unsubscribe();
      clearTimeout(timer);
    };
  }, [cache, read]);
  return actions;
}

/** A stop as the courier sees it: the server's outcome, or the one confirmed on the phone that the server lacks. */
export interface StopView {
  stop: MyRouteStop;
  outcome: StopOutcome;
  /** Confirmed on the phone, not yet accepted by the server. */
  waiting: boolean;
  /** The stop's last action, refused by the server. */
  refused: DoorAction | null;
}

function localOutcome(action: DoorAction): StopOutcome {
  if (action.kind === 'deliver')
    return {
      kind: 'delivered',
      at: action.body.at,
      collectedCop: action.body.collectedCop,
      means: action.body.means ?? null,
    };
  return {
    kind: 'failed',
    at: action.body.at,
    reason: action.body.reason,
    reasonLabel: FAILURE_REASON_LABELS[action.body.reason],
  };
}

export function stopViews(stops: MyRouteStop[], actions: DoorAction[]): StopView[] {
  const byNumber = new Map<number, DoorAction[]>();
  for (const action of actions) byNumber.set(action.number, [...(byNumber.get(action.number) ?? []), action]);
  return stops.map((stop) => {
    const own = byNumber.get(stop.number) ?? [];
    const last = own.at(-1);
    const accepted = own
      .filter((action) => action.status === 'pending' || action.status === 'success')
      .at(-1);
    // A pending action wins; an accepted one shows until the server's route is read again.
    const local =
      accepted && (accepted.status === 'pending' || stop.outcome.kind === 'pending') ? accepted : undefined;
    return {
      stop,
      outcome: local ? localOutcome(local) : stop.outcome,
      waiting: local?.status === 'pending',
      refused: last?.status === 'error' ? last : null,
    };
  });
}

export function countersOf(views: StopView[]) {
  const count = (kind: StopOutcome['kind']) => views.filter((view) => view.outcome.kind === kind).length;
  return { delivered: count('delivered'), pending: count('pending'), failed: count('failed') };
}

/** 'Por cobrar' (issue 37 item 3): the 'Valor a pagar' of the stops still to visit, in whole pesos. */
export const toCollectOf = (views: StopView[]) =>
  views
    .filter((view) => view.outcome.kind === 'pending')
    .reduce((total, view) => total + (view.stop.valueToPayCop ?? 0), 0);

/** 'Mi caja' by means: the server's sums and, apart, the deliveries confirmed on the phone that it lacks. */
export interface CashLine {
  means: PaymentMeans;
  label: string;
  server: CashByMeans | null;
  phoneCop: number;
  phoneCount: number;
}

export function cashOf(route: MyRoute, views: StopView[]): CashLine[] {
  const lines: CashLine[] = PAYMENT_MEANS.map((means) => ({
    means,
    label: PAYMENT_MEANS_LABELS[means],
    server: route.counters.cash.find((cash) => cash.means === means) ?? null,
    phoneCop: 0,
    phoneCount: 0,
  }));
  for (const { outcome, stop } of views) {
    // On the phone only: delivered here, not yet on the server's route.
    if (outcome.kind !== 'delivered' || stop.outcome.kind === 'delivered') continue;
    const line = lines.find((candidate) => candidate.means === outcome.means);
    if (!line) continue;
    line.phoneCop += outcome.collectedCop;
    line.phoneCount += 1;
  }
  return lines.filter((line) => line.server || line.phoneCount);
}
