import { describe, expect, it } from 'vitest';
import { chargedDays, countedDays, DAY_MS, freeUntil, pausedMs } from './storage.ts';

const day = (n: number) => new Date(Date.UTC(2026, 0, 1) + n * DAY_MS);

describe('the storage clock', () => {
  it('counts whole days from the receipt, and charges only those past the free ones', () => {
    expect(countedDays(day(0), new Date(day(30).getTime() - 1), [])).toBe(29);
    expect(chargedDays(day(0), day(30), 30, [])).toBe(0);
    expect(chargedDays(day(0), day(33), 30, [])).toBe(3);
  });

  it('does not count our holds and our work in progress, overlapping or open', () => {
    const pauses = [
      { from: day(5), to: day(10) },
      { from: day(8), to: day(12) },
      { from: day(40), to: null },
    ];
    expect(pausedMs(day(0), day(45), pauses)).toBe(12 * DAY_MS);
    expect(chargedDays(day(0), day(45), 30, pauses)).toBe(3);
    expect(freeUntil(day(0), day(20), 30, pauses).getTime()).toBe(day(37).getTime());
  });

  it('agrees with a day-by-day count over random pauses', () => {
    for (let trial = 0; trial < 200; trial++) {
      const pauses = Array.from({ length: trial % 4 }, () => {
        const from = Math.floor(Math.random() * 60);
        return { from: day(from), to: day(from + Math.floor(Math.random() * 10)) };
      });
      let counted = 0;
      for (let d = 0; d < 70; d++) if (!pauses.some((p) => day(d) >= p.from && day(d) < p.to)) counted++;
      expect(countedDays(day(0), day(70), pauses)).toBe(counted);
    }
  });
});
