// Fails a unit test that writes to console.error or console.warn, or makes Node emit a process warning, unless it
// says it expects to (expectConsoleError): an error that is printed and then ignored is a defect nobody looks at.
// Loaded before every unit test file (setupFiles in vitest.config.ts).
import { format } from 'node:util';
import { afterAll, afterEach, beforeEach } from 'vitest';
import { setLogDestination } from '../../src/server/observability/log.ts';

let written: string[] = [];
let expected = false;

/** One line of the server's JSON log, as pino wrote it. */
export interface LogLine {
  level: string;
  msg: string;
  reqId?: string;
  [field: string]: unknown;
}

// The server's log (src/server/observability/log.ts) comes here instead of stdout: every line is kept for the
// test to read (capturedLog), and a line at level error or fatal counts as console output, as console.error did.
const logLines: string[] = [];
setLogDestination({
  write(line: string) {
    logLines.push(line);
    const { level } = JSON.parse(line);
    if (level === 'error' || level === 'fatal') {
      written.push(`log.${level}: ${line.trimEnd()}`);
      if (!expected) process.stderr.write(line);
    }
  },
});

/** The server's log lines of this test file, as written (JSON text), from the `from`-th on. */
export function capturedLogText(from = 0): string[] {
  return logLines.slice(from);
}

/** The server's log lines of this test file, parsed, from the `from`-th on. */
export function capturedLog(from = 0): LogLine[] {
  return capturedLogText(from).map((line) => JSON.parse(line));
}

for (const method of ['error', 'warn'] as const) {
  const original = console[method].bind(console);
  console[method] = (...args: unknown[]) => {
    written.push(`console.${method}: ${format(...args)}`);
    // Expected output is the behaviour under test: kept off the test report.
    if (!expected) original(...args);
  };
}

// Process warnings too (a DeprecationWarning, say pg's 'client is already executing a query', which becomes an
// error in pg@9): Node prints them straight to stderr, past the console. Node emits each deprecation once per
// process, so only the first test to cause it fails; look for its cause there. A worker process may run several
// test files: the listener of an earlier file is replaced, not added to.
const onWarning = (warning: Error) => written.push(`process warning: ${warning.name}: ${warning.message}`);
const previous = Reflect.get(globalThis, Symbol.for('casillero.onWarning'));
if (previous) process.off('warning', previous);
Reflect.set(globalThis, Symbol.for('casillero.onWarning'), onWarning);
process.on('warning', onWarning);

/**
 * Says that the running test (or hook) writes to console.error or console.warn on purpose, so it does not fail for
 * it. Returns the lines written so far and from now on until the test ends, to check what was logged.
 */
export function expectConsoleError(): readonly string[] {
  expected = true;
  return written;
}

function check(when: string) {
  const lines = written;
  const wasExpected = expected;
  written = [];
  expected = false;
  if (lines.length && !wasExpected) {
    throw new Error(
      `Unexpected console output ${when} (call expectConsoleError() if the test means it):\n${lines.join('\n')}`,
    );
  }
}

beforeEach(() => check('before this test: in a beforeAll hook or late from an earlier test'));
afterEach(() => check('in this test'));
afterAll(() => check('after the last test of this file'));
