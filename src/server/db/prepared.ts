/**
 * A query prepared once per database: drizzle builds its SQL text once, and every later run
 * only binds values (`sql.placeholder`). Building a query's SQL costs about 30 µs, more than
 * running a small indexed one; the queries every page runs (the session) and the dashboard's
 * short lists are prepared, the rest are built per request as usual.
 *
 * Keyed by the database object, so a test's temp database or a reopened one gets its own.
 */
import type { Db } from './index.ts';

export function preparedPerDatabase<T>(prepare: (db: Db) => T): (db: Db) => T {
  const byDatabase = new WeakMap<Db, T>();
  return (db) => {
    let query = byDatabase.get(db);
    if (query === undefined) {
      query = prepare(db);
      byDatabase.set(db, query);
    }
    return query;
  };
}
