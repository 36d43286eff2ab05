import type { Db } from "./client.js";

const cache = new WeakMap<Db, Map<string, unknown>>();

/**
 * A prepared query of this database handle, built on first use and kept. For the queries every
 * inbound message runs: building their SQL each time costs more CPU than running them. `name`
 * is also the server-side statement name, so one name, one SQL text.
 */
export function prepared<T>(db: Db, name: string, build: (db: Db, name: string) => T): T {
  let queries = cache.get(db);
  if (!queries) cache.set(db, (queries = new Map()));
  if (!queries.has(name)) queries.set(name, build(db, name));
  return queries.get(name) as T;
}
