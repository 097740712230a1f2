// What a customer's package screens offer — 'Pagar en línea' and the requests in Miami — decided by the rules the
// server refuses with (issue 47 item 4): the server answers each verdict with its 409, and a screen shows, where the
// button would be, why it is not there. No zod here: a package's first paint reads it.
import { isPayable } from '../payments/labels.ts';
import type { PackageState } from './states.ts';

/** What the rules read of a package (its 'Mis paquetes' row or its page). */
export interface PackageStanding {
  state: PackageState;
  toPay: { cop: number } | null;
  paid: boolean;
  balance: { cop: number } | null;
  /** The open request holding it (its number), if any. */
  openRequest: number | null;
  /** The dispatch it is in, if any. */
  dispatchId: number | null;
}

/** 'pay', or why not: nothing to pay (or no longer payable online), or an open request that will change the charge. */
export type PayVerdict = 'pay' | 'nothing' | 'busy';

export function payVerdict(pkg: PackageStanding): PayVerdict {
  if (!isPayable(pkg)) return 'nothing';
  return pkg.openRequest !== null ? 'busy' : 'pay';
}

/** 'ask', or why not: not waiting in Miami, held by an open request, in a dispatch, or paid (its money is frozen). */
export type RequestVerdict = 'ask' | 'not_received' | 'busy' | 'in_dispatch' | 'paid';

export function requestVerdict(pkg: Pick<PackageStanding, 'state' | 'paid' | 'openRequest' | 'dispatchId'>) {
  const verdict: RequestVerdict =
    pkg.state !== 'recibido'
      ? 'not_received'
      : pkg.dispatchId !== null
        ? 'in_dispatch'
        : pkg.paid
          ? 'paid'
          : pkg.openRequest !== null
            ? 'busy'
            : 'ask';
  return verdict;
}

/** What a package's screens say in place of a button the server would refuse. */
export const offerMessages = {
  payAfterRequest: (request: number) =>
    `Podrás pagar cuando la bodega complete la solicitud ${request} — o cancélala.`,
  paidNoRequests: 'Ya pagaste este paquete: no admite solicitudes.',
  inDispatchNoRequests: (dispatch: number) => `Ya va en el despacho ${dispatch}: no admite solicitudes.`,
};

/** Why 'Pagar en línea' is not offered for a package that owes (null when it is offered, or nothing is owed). */
export function payRefusal(pkg: PackageStanding): string | null {
  return payVerdict(pkg) === 'busy' && pkg.openRequest !== null
    ? offerMessages.payAfterRequest(pkg.openRequest)
    : null;
}

/** Why the requests are not offered for a package waiting in Miami (null when they are, or it does not wait there). */
export function requestRefusal(pkg: PackageStanding): string | null {
  const verdict = requestVerdict(pkg);
  if (verdict === 'paid') return offerMessages.paidNoRequests;
  if (verdict === 'in_dispatch' && pkg.dispatchId !== null)
    return offerMessages.inDispatchNoRequests(pkg.dispatchId);
  return null;
}
