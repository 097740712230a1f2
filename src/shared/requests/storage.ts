// The storage clock (design/requests.md 'The storage clock'): 'Días de bodega gratis' count from the receipt in Miami
// until the package leaves in a dispatch; days our own hold or an open request ('Pendiente' or 'En proceso') took do
// not count.
// Pure arithmetic on instants, so the package's page, the charge at departure and the tests agree.

export const DAY_MS = 24 * 60 * 60 * 1000;

/** A stretch of time that does not count (a hold of ours, an open request); `to` null while it lasts. */
export interface Pause {
  from: Date;
  to: Date | null;
}

/** The milliseconds of `pauses` inside [start, end], overlaps counted once. */
export function pausedMs(start: Date, end: Date, pauses: readonly Pause[]): number {
  const clipped = pauses
    .map((pause) => [
      Math.max(start.getTime(), pause.from.getTime()),
      Math.min(end.getTime(), (pause.to ?? end).getTime()),
    ])
    .filter(([from = 0, to = 0]) => to > from)
    .sort((a, b) => (a[0] ?? 0) - (b[0] ?? 0));
  let total = 0;
  let reached = start.getTime();
  for (const [from = 0, to = 0] of clipped) {
    const begin = Math.max(from, reached);
    if (to > begin) total += to - begin;
    reached = Math.max(reached, to);
  }
  return total;
}

/** Whole days the package has counted in the warehouse by `now`. */
export function countedDays(receivedAt: Date, now: Date, pauses: readonly Pause[]): number {
  const counted = now.getTime() - receivedAt.getTime() - pausedMs(receivedAt, now, pauses);
  return Math.max(0, Math.floor(counted / DAY_MS));
}

/** The days charged: those counted past the free ones. */
export function chargedDays(receivedAt: Date, now: Date, freeDays: number, pauses: readonly Pause[]): number {
  return Math.max(0, countedDays(receivedAt, now, pauses) - freeDays);
}

/** The instant the free days end, pauses so far pushing it later. */
export function freeUntil(receivedAt: Date, now: Date, freeDays: number, pauses: readonly Pause[]): Date {
  return new Date(receivedAt.getTime() + freeDays * DAY_MS + pausedMs(receivedAt, now, pauses));
}
