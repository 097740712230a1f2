// The loop every outbox worker runs (mail, WhatsApp notices): a batch when woken by its channel's NOTIFY, a poll as
// the fallback for a notice missed while the LISTEN connection was down, never two batches of one process at once
// (a wake during a batch runs another right after it, since its rows may have committed after the batch's last
// read), and a stop that waits for the batch under way.
import type { LiveChannel, LiveHub } from './hub.ts';

export interface WorkerLoop {
  /** Waits for a batch under way, then runs one of its own: what was due when called is done when it resolves. */
  runDue(): Promise<number>;
  /** Runs a batch at once, or right after the one under way. */
  wake(): void;
  /** Settles once the loop listens on its channel (or has fallen back on polling alone). */
  listening: Promise<void>;
  /** True once stop() was called: a batch checks it between rows. */
  stopped(): boolean;
  stop(): Promise<void>;
}

export function startWorkerLoop(options: {
  /** The log's prefix, e.g. '[correo]'. */
  tag: string;
  live?: LiveHub | undefined;
  channel: LiveChannel<unknown>;
  pollMs: number;
  /** One batch: what is due now; resolves to how many were done. */
  batch: () => Promise<number>;
  log: (line: string) => void;
}): WorkerLoop {
  const { live, log } = options;
  let running: Promise<number> | null = null;
  let again = false;
  let stopped = false;
  let subscribed = false;
  let timer: NodeJS.Timeout | null = null;

  const report = (error: unknown) =>
    log(`${options.tag} Error del despachador: ${error instanceof Error ? error.message : error}`);

  async function runDue(): Promise<number> {
    while (running) await running.catch(() => 0);
    running = options.batch().finally(() => {
      running = null;
      if (again && !stopped) {
        again = false;
        wake();
      }
    });
    return running;
  }

  function wake() {
    if (running) {
      again = true;
      return;
    }
    runDue().catch(report);
  }

  /** Tried at start and again at each poll while it fails (the database may be briefly away). */
  async function listen() {
    if (!live || subscribed || stopped) return;
    try {
      subscribed = true;
      // Ended when the LISTEN is lost (the database restarted): the next poll subscribes again, then reads.
      await live.subscribe(options.channel, { wake, end: () => (subscribed = false) });
    } catch {
      subscribed = false;
      // The poll works meanwhile.
    }
  }

  function schedule() {
    if (stopped) return;
    timer = setTimeout(() => {
      void listen();
      runDue().catch(report).finally(schedule);
    }, options.pollMs);
    timer.unref();
  }
  schedule();

  return {
    runDue,
    wake,
    listening: listen(),
    stopped: () => stopped,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running?.catch(() => {});
    },
  };
}
