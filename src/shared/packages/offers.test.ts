// The offers of a package's screens (issue 47 item 4): the verdicts the server refuses by, and the words a screen
// shows in place of a button the server would refuse.
import { describe, expect, it } from 'vitest';
import { type PackageStanding, payRefusal, payVerdict, requestRefusal, requestVerdict } from './offers.ts';

const waiting: PackageStanding = {
  state: 'recibido',
  toPay: { cop: 26_000 },
  paid: false,
  balance: null,
  openRequest: null,
  dispatchId: null,
};

describe("a package's offers", () => {
  it("offers 'Pagar en línea' only when it owes and no request will change its charge", () => {
    expect(payVerdict(waiting)).toBe('pay');
    expect(payRefusal(waiting)).toBeNull();
    const asked = { ...waiting, openRequest: 3 };
    expect(payVerdict(asked)).toBe('busy');
    expect(payRefusal(asked)).toBe('Podrás pagar cuando la bodega complete la solicitud 3 — o cancélala.');
    for (const nothing of [
      { ...waiting, toPay: null },
      { ...waiting, state: 'prealertado' as const },
      { ...waiting, state: 'entregado' as const },
      { ...waiting, paid: true },
    ]) {
      expect(payVerdict(nothing)).toBe('nothing');
      expect(payRefusal(nothing)).toBeNull();
    }
    expect(payVerdict({ ...waiting, paid: true, balance: { cop: 2_000 } })).toBe('pay');
  });

  it('offers the requests only in Miami, unpaid, out of a dispatch and with none open, and says why when paid', () => {
    expect(requestVerdict(waiting)).toBe('ask');
    expect(requestVerdict({ ...waiting, state: 'en_transito' })).toBe('not_received');
    expect(requestVerdict({ ...waiting, openRequest: 4 })).toBe('busy');
    expect(requestVerdict({ ...waiting, dispatchId: 12 })).toBe('in_dispatch');
    expect(requestRefusal({ ...waiting, dispatchId: 12 })).toBe(
      'Ya va en el despacho 12: no admite solicitudes.',
    );
    expect(requestVerdict({ ...waiting, paid: true })).toBe('paid');
    expect(requestRefusal({ ...waiting, paid: true })).toBe(
      'Ya pagaste este paquete: no admite solicitudes.',
    );
    expect(requestRefusal(waiting)).toBeNull();
    expect(requestRefusal({ ...waiting, openRequest: 4 })).toBeNull();
  });
});
