/** PostgreSQL errors by meaning. Drizzle wraps driver errors; the SQLSTATE is on the cause. */
export function uniqueViolation(error: unknown): string | null {
  for (let e: unknown = error, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, constraint } = e as { code?: string; constraint?: string };
    if (code === '23505') return constraint ?? (e as { message?: string }).message ?? '';
  }
  return null;
}
