import { describe, expect, it } from 'vitest';
import { formatLocalDate } from '../../../shared/dates.ts';
import type { PackageEvent } from '../../../shared/packages/api-types.ts';
import type { PackageState } from '../../../shared/packages/states.ts';
import { transitLead } from './transit-lead.ts';

const event = (state: PackageState, at: string): PackageEvent => ({
  id: 1,
  kind: 'state',
  state,
  at,
  actor: 'Bodega',
  note: '',
  carrier: '',
  carrierGuide: '',
  notice: null,
});
const NOW = new Date('2026-11-26T15:00:00Z');

describe('what a package on its way leads with', () => {
  it('says since when it is in transit and the day we expect it', () => {
    const lead = transitLead(
      {
        state: 'en_transito',
        events: [event('recibido', '2026-11-20T15:00:00Z'), event('en_transito', '2026-11-24T15:00:00Z')],
      },
      NOW,
    );
    expect(lead).toEqual({
      since: `En tránsito desde el ${formatLocalDate('2026-11-24T15:00:00Z')}`,
      expected: `Lo esperamos en tu puerta hacia el ${formatLocalDate('2026-11-30T15:00:00Z')}.`,
    });
  });

  it('never promises a day already gone', () => {
    const lead = transitLead(
      { state: 'en_aduana', events: [event('en_aduana', '2026-11-01T15:00:00Z')] },
      NOW,
    );
    expect(lead?.expected).toBe('Va más lento de lo usual: te avisamos en cuanto avance.');
  });

  it("says 'Llega hoy' on the courier's route, and nothing when it is not on its way", () => {
    expect(
      transitLead({ state: 'en_reparto', events: [event('en_reparto', NOW.toISOString())] }, NOW)?.expected,
    ).toBe('Llega hoy: va con el mensajero.');
    for (const state of ['prealertado', 'retenido', 'entregado', 'devuelto', 'cancelado'] as const)
      expect(transitLead({ state, events: [event(state, NOW.toISOString())] }, NOW)).toBeNull();
  });
});
