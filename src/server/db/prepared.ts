/**
 * Statements prepared once, by name (decision 051). PostgreSQL parses and plans a named statement
 * once per connection; afterwards only its parameters travel and, after a few runs, the plan is
 * reused. For a small read, planning is most of what the database spends on it: a book by id ran
 * at 10 000 a second unnamed and 33 600 prepared (pgbench, 4 clients, this project's bench data).
 *
 * Only for statements that want the same plan whatever their parameters: reads by key, the few
 * rows of the genre table. A search's best plan depends on its term (a rare one through the
 * trigram index, a frequent one along the order's index: decisions 045 and 048): it is planned
 * with its values every time, so it is not prepared.
 */
import type { Database } from './client.ts';

/**
 * `prepare(db)` called once per database (the process has one; a test may open several), its
 * statement kept for every later call. `prepare` must end in Drizzle's `.prepare(name)`, with a
 * name used by no other statement.
 */
export function preparedPerDatabase<T>(prepare: (db: Database) => T): (db: Database) => T {
  const statements = new WeakMap<Database, T>();
  return (db) => {
    let statement = statements.get(db);
    if (!statement) statements.set(db, (statement = prepare(db)));
    return statement;
  };
}
