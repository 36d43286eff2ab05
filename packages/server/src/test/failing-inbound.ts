import type pg from "pg";
import type { Db } from "../db/client.js";

/** A failure of the statement itself (a full disk): in-line retries, then inbound_failures. */
export const diskFull = () => Object.assign(new Error("could not extend file: No space left on device"), { code: "53100" });
/** The database unreachable (docs/decisions/0100): an acknowledged message waits for it. */
export const refused = () => Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });

/**
 * Makes the database refuse a new contact's first message with `failure`: each attempt fails the
 * statement that creates new contacts (create-batch.ts) and the transaction of the careful path
 * it falls back to. `times` attempts, or for as long as `failing()` holds. Returns the undoing.
 */
export function failNewContacts(db: Db, failure: () => Error, times: number | (() => boolean)): () => void {
  const pool = (db as unknown as { $client: pg.Pool }).$client;
  const lost = () => Promise.reject(failure());
  const transaction = db.transaction.bind(db);
  const query = pool.query.bind(pool);
  let statements = typeof times === "number" ? times : 0;
  let transactions = statements;
  const failStatement = typeof times === "number" ? () => statements-- > 0 : times;
  const failTransaction = typeof times === "number" ? () => transactions-- > 0 : times;
  db.transaction = ((...args: Parameters<typeof transaction>) => (failTransaction() ? lost() : transaction(...args))) as typeof db.transaction;
  pool.query = ((config: string | { text: string }, ...rest: unknown[]) => {
    const text = typeof config === "string" ? config : config.text;
    if (text.includes('"new_contacts"') && failStatement()) return lost();
    return (query as (...args: unknown[]) => unknown)(config, ...rest);
  }) as typeof pool.query;
  return () => {
    db.transaction = transaction;
    pool.query = query;
  };
}
