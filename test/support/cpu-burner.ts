// Processes that keep every core busy, the load under which timing races show: started beside a test, killed after.
import { type ChildProcess, spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';

export interface CpuBurners {
  /** Kills every burner and waits until each has exited. */
  stop(): Promise<void>;
}

/** `count` child processes (one per core by default), each spinning in an endless loop. */
export function startCpuBurners(count = availableParallelism()): CpuBurners {
  const burners: ChildProcess[] = Array.from({ length: count }, () =>
    spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }),
  );
  return {
    async stop() {
      await Promise.all(
        burners
          .filter((burner) => burner.exitCode === null && burner.signalCode === null)
          .map((burner) => {
            const exited = new Promise((resolve) => burner.once('exit', resolve));
            burner.kill('SIGKILL');
            return exited;
          }),
      );
    },
  };
}
