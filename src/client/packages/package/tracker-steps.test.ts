import { describe, expect, it } from 'vitest';
import type { PackageEvent } from '../../../shared/packages/api-types.ts';
import type { PackageState } from '../../../shared/packages/states.ts';
import { trackerItems } from './tracker-steps.ts';

const moved = (...states: PackageState[]): PackageEvent[] =>
  states.map((state, id) => ({
    id,
    kind: 'state',
    state,
    at: '2026-11-23T12:00:00Z',
    actor: 'Bodega',
    note: '',
    carrier: '',
    carrierGuide: '',
    notice: null,
  }));
const marks = (items: ReturnType<typeof trackerItems>) =>
  items.map((item) => `${item.label}:${item.mark}${item.flag ? `:${item.flag}` : ''}`);

describe('the state tracker', () => {
  it('marks the steps before the current one done and the rest next, one current step', () => {
    expect(marks(trackerItems({ state: 'en_aduana', heldFrom: null, events: [] }))).toEqual([
      'Prealertado:done',
      'Recibido en Miami:done',
      'En tránsito:done',
      'En aduana:current',
      'En bodega Colombia:next',
      'En reparto:next',
      'Entregado:next',
    ]);
    const delivered = trackerItems({ state: 'entregado', heldFrom: null, events: [] });
    expect(delivered.filter((item) => item.mark === 'current').map((item) => item.label)).toEqual([
      'Entregado',
    ]);
  });

  it('flags a hold at the step it was held in', () => {
    const held = trackerItems({ state: 'retenido', heldFrom: 'en_bodega_colombia', events: [] });
    expect(held.filter((item) => item.mark === 'current')).toEqual([
      { key: 'en_bodega_colombia', label: 'En bodega Colombia', mark: 'current', flag: 'Retenido' },
    ]);
    expect(held).toHaveLength(7);
  });

  it('ends the path where a return or a cancellation happened, that end being the current step', () => {
    const returned = trackerItems({
      state: 'devuelto',
      heldFrom: null,
      events: [...moved('prealertado', 'recibido', 'en_transito', 'devuelto')].reverse(),
    });
    expect(marks(returned)).toEqual([
      'Prealertado:done',
      'Recibido en Miami:done',
      'En tránsito:done',
      'Devuelto:current',
    ]);
    expect(
      marks(trackerItems({ state: 'cancelado', heldFrom: null, events: moved('prealertado', 'cancelado') })),
    ).toEqual(['Prealertado:done', 'Cancelado:current']);
  });
});
