// Named statements are planned once per connection. Only for reads whose best plan does not depend
// on the values: a search's plan depends on its term, so searches are not prepared.
import type { Database } from './client.ts';

/** `prepare` must end in Drizzle's `.prepare(name)`, with a name no other statement uses. */
export function preparedPerDatabase<T>(prepare: (db: Database) => T): (db: Database) => T {
  const statements = new WeakMap<Database, T>();
  return (db) => {
    let statement = statements.get(db);
    if (!statement) statements.set(db, (statement = prepare(db)));
    return statement;
  };
}
