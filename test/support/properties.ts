// Every property test's parameters: `properties(n)` runs it n times, or n × PROPERTY_RUNS for a deeper search once in
// a while (`PROPERTY_RUNS=20 npx vitest run --project unit <file>`). A failure prints fast-check's seed and path;
// `PROPERTY_SEED=<seed> PROPERTY_PATH=<path>` replays exactly that case.
import type fc from 'fast-check';

export function properties<T>(numRuns = 100): fc.Parameters<T> {
  const factor = Number(process.env.PROPERTY_RUNS ?? 1);
  const seed = process.env.PROPERTY_SEED;
  return {
    numRuns: numRuns * (Number.isInteger(factor) && factor > 0 ? factor : 1),
    ...(seed ? { seed: Number(seed), path: process.env.PROPERTY_PATH } : {}),
  };
}
