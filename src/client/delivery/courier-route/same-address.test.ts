// 'N paquetes aquí' (issue 47 item 6): the stops of a route at one address, whatever the case and spacing.
import { describe, expect, it } from 'vitest';
import { togetherAt } from './same-address.ts';

describe('stops at one address', () => {
  it('gives each stop sharing its address the line with every number there, in route order', () => {
    const lines = togetherAt([
      { number: 100003, address: 'Calle 10 # 43-12, Medellín' },
      { number: 100001, address: 'Carrera 7 # 72-41, Bogotá' },
      { number: 100002, address: ' calle 10  # 43-12, MEDELLÍN' },
      { number: 100004, address: 'Calle 10 # 43-12, Medellín' },
    ]);
    expect(lines.get(100003)).toBe('3 paquetes aquí: 100003, 100002 y 100004');
    expect(lines.get(100002)).toBe(lines.get(100003));
    expect(lines.has(100001)).toBe(false);
  });

  it('says two with "y" and leaves a route of lone stops without a line', () => {
    const two = togetherAt([
      { number: 1, address: 'Calle 1' },
      { number: 2, address: 'Calle 1' },
    ]);
    expect(two.get(1)).toBe('2 paquetes aquí: 1 y 2');
    expect(togetherAt([{ number: 1, address: 'Calle 1' }]).size).toBe(0);
  });
});
