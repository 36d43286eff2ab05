import { and, eq, sql } from "drizzle-orm";
import type { ApiConnections } from "../../context-types.js";
import type { Db } from "../../db/client.js";
import { prepared } from "../../db/prepared.js";
import { connections } from "../../db/schema/index.js";
import type { ConnectionRow } from "../../modules/connections/connection.presenter.js";

/** How long another instance's change may take to be seen here. */
const CHANNEL_CACHE_MS = 2000;

/**
 * API connections read in the last moments, by id: every inbound call needs its connection (its
 * token first), and a query per call is a good part of its cost. A change made on this instance
 * drops the entry at once (`forget`, called by the connections service); other instances see it
 * within CHANNEL_CACHE_MS. One per app (AppContext.apiConnections).
 */
export class ApiConnectionCache implements ApiConnections {
  private readonly entries = new Map<number, { row: ConnectionRow; until: number }>();

  constructor(private readonly db: Db) {}

  async get(connectionId: number): Promise<ConnectionRow | undefined> {
    const hit = this.entries.get(connectionId);
    if (hit && hit.until > Date.now()) return hit.row;
    const query = prepared(this.db, "api_connection", (db, name) =>
      db
        .select()
        .from(connections)
        .where(and(eq(connections.id, sql.placeholder("id")), eq(connections.kind, "api")))
        .limit(1)
        .prepare(name),
    );
    const [row] = await query.execute({ id: connectionId });
    if (row) this.entries.set(connectionId, { row, until: Date.now() + CHANNEL_CACHE_MS });
    else this.entries.delete(connectionId);
    return row;
  }

  forget(connectionId: number): void {
    this.entries.delete(connectionId);
  }
}
