// PostgreSQL's errors as both drivers report them (wrapped by Drizzle in a cause).

/** True when `error` (or one of its causes) is a unique violation of `constraint`. */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  for (let current = error; current instanceof Error || (current && typeof current === 'object'); ) {
    const candidate = current as { code?: string; constraint?: string; message?: string; cause?: unknown };
    if (
      candidate.code === '23505' &&
      (candidate.constraint === constraint || candidate.message?.includes(constraint))
    )
      return true;
    current = candidate.cause;
    if (!current) break;
  }
  return false;
}
