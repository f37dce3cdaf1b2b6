/**
 * An error and the errors it wraps, outermost first, at most `depth` deep: Drizzle keeps the
 * driver's error (with its SQLSTATE `code`, `constraint`...) as the `cause` of its own, so
 * whoever classifies database errors walks this chain.
 */
export function* errorChain(error: unknown, depth = 5): Generator<Record<string, unknown>> {
  let current = error;
  for (let i = 0; i < depth && current !== null && typeof current === 'object'; i++) {
    yield current as Record<string, unknown>;
    current = (current as { cause?: unknown }).cause;
  }
}

/** The constraint a unique violation (SQLSTATE 23505) names, or null for any other error. */
export function uniqueViolation(error: unknown): string | null {
  for (const e of errorChain(error)) if (e.code === '23505') return String(e.constraint ?? '');
  return null;
}
