// Wraps the drivers' query methods, below Drizzle and Better Auth, to see exactly what the database
// receives. Loaded only into a capture server (`NODE_OPTIONS=--import …`), never a measured one.
import { openSync, writeSync } from 'node:fs';

type Query = (this: unknown, ...args: unknown[]) => unknown;

const file = process.env.BENCH_SQL_RECORD;

if (file) {
  const fd = openSync(file, 'a');
  // Dates become ISO strings (as the drivers send them), bigints decimal strings.
  const record = (text: string, values: unknown, name?: string) =>
    writeSync(
      fd,
      `${JSON.stringify({ text, values: Array.isArray(values) ? values : [], ...(name ? { name } : {}) }, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v))}\n`,
    );

  if (process.env.DATABASE_URL) {
    const { default: pg } = await import('pg');
    const proto = pg.Client.prototype as unknown as { query: Query };
    const query = proto.query;
    // client.query(text, values?, callback?) or client.query({ text, values }, values?, callback?)
    proto.query = function (this: unknown, ...args: unknown[]) {
      const [config, values] = args;
      if (typeof config === 'string') record(config, values);
      else if (config && typeof config === 'object' && 'text' in config) {
        // A named statement is recorded with its name: the replay prepares it too.
        const c = config as { text: string; values?: unknown[]; name?: string };
        record(c.text, c.values ?? values, c.name);
      }
      return query.apply(this, args);
    };
  } else {
    const { PGlite } = await import('@electric-sql/pglite');
    // The methods live on a base class.
    let owner: object | null = PGlite.prototype;
    while (owner && !Object.prototype.hasOwnProperty.call(owner, 'query')) owner = Object.getPrototypeOf(owner) as object | null;
    if (!owner) throw new Error('sql-recorder: PGlite has no query method');
    const methods = owner as { query: Query; transaction: Query };
    const query = methods.query;
    methods.query = function (this: unknown, ...args: unknown[]) {
      record(String(args[0]), args[1]);
      return query.apply(this, args);
    };
    // A transaction's statements go through the object it hands to its callback.
    const transaction = methods.transaction;
    methods.transaction = function (this: unknown, ...args: unknown[]) {
      const callback = args[0] as (tx: { query: Query }) => Promise<unknown>;
      return transaction.call(this, async (tx: { query: Query }) => {
        const txQuery = tx.query;
        tx.query = function (this: unknown, ...a: unknown[]) {
          record(String(a[0]), a[1]);
          return txQuery.apply(this, a);
        };
        record('BEGIN', []);
        try {
          const result = await callback(tx);
          record('COMMIT', []);
          return result;
        } catch (error) {
          record('ROLLBACK', []);
          throw error;
        }
      });
    };
  }
}
