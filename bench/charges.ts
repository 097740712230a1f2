// Charges (issue 15): computeCharge (src/shared/charges/charge.ts), the arithmetic behind the calculator, the
// warehouse's receipt and every stored charge, on one core: charges per second over a precomputed array of varied
// inputs, several timed runs after a warm-up, the median reported. The `/calculadora` route's weight is measured
// by the page-weight benchmark (its own budget there).
import {
  type Charge,
  type ChargeInput,
  type ChargeSettings,
  computeCharge,
  DEFAULT_CHARGE_SETTINGS,
} from '../src/shared/charges/charge.ts';
import { processCpuMs } from './support/machine.ts';
import { type BenchResult, markdownTable, type Row, verdict } from './support/report.ts';
import { median } from './support/stats.ts';

const INPUTS = 10_000;
const RUNS = 7;
const RUN_MS = 1000;
const WARM_UP_MS = 1000;
/** Calls between two looks at the clock. */
const BATCH = INPUTS;
const BUDGET_PER_SECOND = 1_000_000;

/**
 * Varied inputs from a fixed pseudo-random sequence: envelopes to 60 lb, a third without measures, boxes up to
 * 40 in a side (volumetric weight often wins), declared values around the US$ 200 tax threshold and far above it,
 * a fifth with referral credit.
 */
function inputs(): ChargeInput[] {
  let state = 42;
  const next = (n: number) => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state % n;
  };
  return Array.from({ length: INPUTS }, () => {
    const measured = next(3) > 0;
    const value = next(4);
    return {
      weightHundredthsLb: 10 + next(6000),
      measuresTenthsIn: measured ? ([20 + next(380), 20 + next(300), 10 + next(250)] as const) : null,
      declaredValueCents: value === 0 ? next(5000) : value === 1 ? 15_000 + next(10_000) : next(200_000),
      ...(next(5) === 0 ? { creditCents: 500 * (1 + next(4)) } : {}),
    };
  });
}

interface RunRate {
  /** Calls per second of this thread's CPU time: what one core does, whatever else the machine runs. */
  cpu: number;
  /** Calls per second of wall time (lower when other work takes the core). */
  wall: number;
}

/**
 * Calls computeCharge over the inputs for about `ms`. Each result is kept (in an array the size of a batch, as a
 * caller keeps the charge it asked for), so it is allocated and none can be optimised away.
 */
function timedRun(
  list: ChargeInput[],
  settings: ChargeSettings,
  ms: number,
  sink: { value: number },
): RunRate {
  const kept: Charge[] = new Array(BATCH);
  let calls = 0;
  const cpuStarted = processCpuMs(process.pid).main;
  const started = performance.now();
  let elapsed = 0;
  do {
    for (let i = 0; i < BATCH; i++) kept[i] = computeCharge(list[i] as ChargeInput, settings);
    calls += BATCH;
    sink.value = (sink.value + (kept[0]?.totalCop ?? 0)) | 0;
    elapsed = performance.now() - started;
  } while (elapsed < ms);
  const cpu = processCpuMs(process.pid).main - cpuStarted;
  for (const charge of kept) sink.value = (sink.value + charge.totalCents) | 0;
  return { cpu: (calls * 1000) / Math.max(cpu, 1), wall: (calls * 1000) / elapsed };
}

export async function run(): Promise<BenchResult> {
  const list = inputs();
  const settings = { ...DEFAULT_CHARGE_SETTINGS };
  const sink = { value: 0 };
  timedRun(list, settings, WARM_UP_MS, sink);
  const runs: RunRate[] = [];
  for (let r = 0; r < RUNS; r++) runs.push(timedRun(list, settings, RUN_MS, sink));
  const rate = median(runs.map((r) => r.cpu));
  console.log(`computeCharge checksum: ${sink.value}`);
  const perSecond = (value: number) => `${Math.round(value).toLocaleString('en')} /s`;
  const rows: Row[] = [
    {
      measure: `computeCharge per second of one core's CPU (median of ${RUNS} runs)`,
      value: perSecond(rate),
      budget: `≥ ${BUDGET_PER_SECOND.toLocaleString('en')} /s`,
      verdict: verdict(rate >= BUDGET_PER_SECOND),
    },
    {
      measure: 'the same per second of wall time (median)',
      value: perSecond(median(runs.map((r) => r.wall))),
      budget: '—',
      verdict: '—',
    },
    {
      measure: 'one charge (CPU)',
      value: `${((1000 * 1000) / rate).toFixed(3)} µs`,
      budget: '—',
      verdict: '—',
    },
  ];
  const details = [
    `In this process's main thread (one core): ${INPUTS.toLocaleString('en')} inputs made before timing (weights 0.1–60 lb, two`,
    'thirds with measures up to 40 × 32 × 26 in, declared values below, around and far above the US$ 200 threshold,',
    'a fifth with referral credit), DEFAULT_CHARGE_SETTINGS; computeCharge called over them in turn, the clock read',
    `every ${BATCH.toLocaleString('en')} calls; every result is kept in an array (allocated, as a caller keeps it) and summed.`,
    `${WARM_UP_MS / 1000} s of warm-up (the JIT), then ${RUNS} runs of ${RUN_MS / 1000} s. The budget's rate divides the calls by the CPU`,
    "time of this process's main thread (from /proc, 10 ms ticks): the cores are shared with other work, which",
    'lowers the wall-time rate beside it and makes it vary between runs.',
    '',
    markdownTable(
      ['run', 'per CPU second', 'per wall second'],
      runs.map((r, i) => [String(i + 1), perSecond(r.cpu), perSecond(r.wall)]),
    ),
    '',
    `The \`/calculadora\` route's weight and its ≤ 20 KB gzip budget are in the page-weight section.`,
  ];
  return { rows, details: details.join('\n') };
}
