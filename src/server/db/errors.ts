/** Drizzle wraps driver errors; the SQLSTATE is on the cause. */
export function uniqueViolation(error: unknown): string | null {
  for (let e: unknown = error, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, constraint } = e as { code?: string; constraint?: string };
    if (code === '23505') return constraint ?? (e as { message?: string }).message ?? '';
  }
  return null;
}

/**
 * The constraint a foreign-key violation names (SQLSTATE 23503), or null for any other error.
 * @public (docs/guides/adding-a-resource.md; kept when the example that uses it is removed)
 */
export function foreignKeyViolation(error: unknown): string | null {
  for (let e: unknown = error, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, constraint } = e as { code?: string; constraint?: string };
    if (code === '23503') return constraint ?? '';
  }
  return null;
}

/** A data exception (class 22) that input validation missed is still the client's mistake (400). */
export function dataException(error: unknown): string | null {
  for (let e: unknown = error, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const { code } = e as { code?: unknown };
    if (typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code)) return code;
  }
  return null;
}
