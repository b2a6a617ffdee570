// A procedure's `meta.owner` (src/server/rpc.ts): how the one middleware finds the owner of the row a call names,
// before the handler runs, when the caller may act on its own rows only (`update:own`, src/lib/permissions.ts).
import { eq } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database } from './db/client.ts';
import { dataException } from './db/errors.ts';
import type { RowOwner } from './rpc.ts';

/**
 * The row whose `id` column equals the input's `key` (the path's `{id}` by default), owned by `owner`. An id
 * that is not a string, or that the column cannot hold, names no row: 404, as for a missing one.
 */
export function ownedBy(id: AnyPgColumn, owner: AnyPgColumn, notFound: string, key = 'id'): RowOwner {
  return {
    notFound,
    async find(db: Database, input: unknown) {
      const value = input && typeof input === 'object' ? (input as Record<string, unknown>)[key] : undefined;
      if (typeof value !== 'string') return undefined;
      try {
        const [row] = await db.select({ ownerId: owner }).from(id.table).where(eq(id, value)).limit(1);
        return row ? ((row.ownerId as string | null) ?? null) : undefined;
      } catch (error) {
        if (dataException(error)) return undefined;
        throw error;
      }
    },
  };
}
