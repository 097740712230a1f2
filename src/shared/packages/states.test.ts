import { describe, expect, it } from 'vitest';
import {
  FINAL_STATES,
  mailsCustomer,
  moveProblem,
  nextStates,
  PACKAGE_STATES,
  type PackageState,
  STATE_LABELS,
  stateFromText,
} from './states.ts';

describe('the package state machine', () => {
  it('labels every state as design/packages.md names it', () => {
    expect(STATE_LABELS).toEqual({
      prealertado: 'Prealertado',
      sin_identificar: 'Sin identificar',
      recibido: 'Recibido en Miami',
      retenido: 'Retenido',
      en_transito: 'En tránsito',
      en_aduana: 'En aduana',
      en_bodega_colombia: 'En bodega Colombia',
      en_reparto: 'En reparto',
      entregado: 'Entregado',
      devuelto: 'Devuelto',
      cancelado: 'Cancelado',
      // design/requests.md: a package packed into a consolidation's new one.
      consolidado: 'Consolidado',
    });
  });

  it("enters 'Consolidado' only from 'Recibido en Miami' by a consolidation, and never leaves it", () => {
    expect(moveProblem('recibido', 'consolidado', { consolidation: true })).toBeNull();
    expect(moveProblem('recibido', 'consolidado')).toBe(
      'Solo la bodega, al completar una solicitud de consolidación, deja un paquete en «Consolidado».',
    );
    expect(moveProblem('en_transito', 'consolidado', { consolidation: true })).not.toBeNull();
    expect(nextStates('recibido')).not.toContain('consolidado');
    expect(nextStates('consolidado')).toEqual([]);
  });

  it('mails the customer exactly on the moves design/packages.md marks', () => {
    expect(PACKAGE_STATES.filter(mailsCustomer)).toEqual([
      'recibido',
      'retenido',
      'en_transito',
      'en_reparto',
      'entregado',
      'devuelto',
    ]);
  });

  it('moves forward along the table', () => {
    const path: PackageState[] = [
      'prealertado',
      'recibido',
      'en_transito',
      'en_aduana',
      'en_bodega_colombia',
      'en_reparto',
      'entregado',
    ];
    for (let i = 1; i < path.length; i++)
      expect(moveProblem(path[i - 1] as PackageState, path[i] as PackageState)).toBeNull();
  });

  it('refuses going back, skipping the warehouse, and staying put, in Spanish', () => {
    expect(moveProblem('en_transito', 'recibido')).toBe(
      'Un paquete en «En tránsito» no puede pasar a «Recibido en Miami».',
    );
    expect(moveProblem('prealertado', 'en_transito')).toMatch(/no puede pasar a «En tránsito»/);
    expect(moveProblem('recibido', 'recibido')).toBe('El paquete ya está en «Recibido en Miami».');
  });

  it('lets the customer cancel only a pre-alert', () => {
    expect(moveProblem('prealertado', 'cancelado')).toBeNull();
    expect(moveProblem('recibido', 'cancelado')).not.toBeNull();
  });

  it('holds from any state with the parcel before delivery, and releases to where it was held', () => {
    for (const from of [
      'sin_identificar',
      'recibido',
      'en_transito',
      'en_aduana',
      'en_bodega_colombia',
      'en_reparto',
    ] as const)
      expect(moveProblem(from, 'retenido')).toBeNull();
    expect(moveProblem('prealertado', 'retenido')).toMatch(/no se puede retener/);
    expect(moveProblem('retenido', 'en_aduana', { heldFrom: 'en_aduana' })).toBeNull();
    expect(moveProblem('retenido', 'en_reparto', { heldFrom: 'en_aduana' })).toBe(
      'Un paquete retenido solo puede volver a «En aduana» o pasar a «Devuelto».',
    );
    expect(moveProblem('retenido', 'devuelto', { heldFrom: 'recibido' })).toBeNull();
  });

  it('never leaves a final state', () => {
    for (const from of FINAL_STATES)
      for (const to of PACKAGE_STATES) expect(moveProblem(from, to)).not.toBeNull();
    expect(moveProblem('entregado', 'retenido')).toMatch(/estado final/);
  });

  it('offers exactly the allowed moves', () => {
    expect(nextStates('prealertado')).toEqual(['sin_identificar', 'recibido', 'cancelado']);
    expect(nextStates('retenido', { heldFrom: 'en_transito' })).toEqual(['en_transito', 'devuelto']);
  });

  it('lets a package out for delivery come back to the warehouse when its route closes, and nothing else backwards', () => {
    expect(moveProblem('en_reparto', 'en_bodega_colombia')).toBeNull();
    expect(nextStates('en_reparto')).toEqual(['retenido', 'en_bodega_colombia', 'entregado', 'devuelto']);
    expect(moveProblem('en_reparto', 'en_aduana')).toMatch(/no puede pasar/);
    expect(moveProblem('en_bodega_colombia', 'en_aduana')).toMatch(/no puede pasar/);
  });

  it('reads a state from its code or its label', () => {
    expect(stateFromText('en_transito')).toBe('en_transito');
    expect(stateFromText(' En tránsito ')).toBe('en_transito');
    expect(stateFromText('recibido en miami')).toBe('recibido');
    expect(stateFromText('perdido')).toBeNull();
  });
});
