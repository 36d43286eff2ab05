import { connectionAlertMinutes } from "@atendo/contracts";
import { sql } from "drizzle-orm";
import type { AppContext } from "../context.js";
import { advisoryLocks } from "../db/locks.js";
import { domainEvent, type DomainEvent } from "../events/domain-events.js";
import { presentIncident } from "../modules/connection-safety/incidents.js";
import { getSettingValue } from "../modules/settings/settings.service.js";

interface Row {
  id: number;
  connection_id: number;
  name: string;
  label: string | null;
  left_at: string | Date;
  alerted_at: string | Date | null;
  recovered_at: string | Date | null;
}

function rowsOf(result: unknown): Row[] {
  return (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Row[];
}

function incidentOf(row: Row & { alerted_at: string | Date }) {
  return presentIncident({
    id: row.id,
    connectionId: row.connection_id,
    name: row.name,
    label: row.label,
    leftAt: new Date(row.left_at),
    alertedAt: new Date(row.alerted_at),
    recoveredAt: row.recovered_at === null ? null : new Date(row.recovered_at),
  });
}

/** The `connectionAlertMinutes` setting; the default when unset or unreadable. */
async function thresholdMinutes(ctx: AppContext): Promise<number> {
  const value = Number(await getSettingValue(ctx, "connectionAlertMinutes"));
  return Number.isInteger(value) && value >= 0 ? value : connectionAlertMinutes.default;
}

export interface WatchRound {
  /** False when another instance was running its round: this one did nothing. */
  ran: boolean;
  alerted: number;
  recovered: number;
}

/**
 * One round of the connection watch (issue 31, docs/decisions/0087), in one transaction that one
 * instance at a time runs (a tried advisory lock; the others skip the round):
 *  - a connection not CONNECTED and without an open incident gets one, left now (so the time
 *    counts from the first round that saw it away: at most one interval late); a replaced one's is silent;
 *  - an open incident whose connection is CONNECTED again is closed; if it had been alerted,
 *    `connection.recovered` is published;
 *  - an open, not silent, not yet alerted incident older than the threshold is marked alerted
 *    and `connection.alerted` published — the mark and the event commit together, so each
 *    incident is alerted once and recovers once, whatever the number of instances.
 * A deleted connection's incidents go with it (cascade): nothing is announced.
 */
export async function watchConnections(ctx: AppContext, now = new Date()): Promise<WatchRound> {
  const minutes = await thresholdMinutes(ctx);
  const at = sql`${now.toISOString()}::timestamptz`;
  return ctx.events.transaction(async (tx, publish) => {
    const [lock] = rowsOf(await tx.execute(sql`select pg_try_advisory_xact_lock(${advisoryLocks.connectionWatch}) as got`)) as unknown as { got: boolean }[];
    if (!lock?.got) return { ran: false, alerted: 0, recovered: 0 };
    await tx.execute(sql`
      insert into connection_incidents (connection_id, left_at, silent)
      select c.id, ${at}, c.replaced_by_id is not null from connections c
      where c.status <> 'CONNECTED'
        and not exists (select 1 from connection_incidents i where i.connection_id = c.id and i.recovered_at is null)`);
    const recovered = rowsOf(
      await tx.execute(sql`
        update connection_incidents i set recovered_at = ${at}
        from connections c
        where c.id = i.connection_id and i.recovered_at is null and c.status = 'CONNECTED'
        returning i.id, i.connection_id, c.name, c.label, i.left_at, i.alerted_at, i.recovered_at`),
    );
    const alerted =
      minutes === 0
        ? []
        : rowsOf(
            await tx.execute(sql`
              update connection_incidents i set alerted_at = ${at}
              from connections c
              where c.id = i.connection_id and i.recovered_at is null and i.alerted_at is null and not i.silent
                and c.replaced_by_id is null and i.left_at <= ${at} - make_interval(mins => ${minutes})
              returning i.id, i.connection_id, c.name, c.label, i.left_at, i.alerted_at, i.recovered_at`),
          );
    const events: DomainEvent[] = [
      ...recovered.flatMap((row) => (row.alerted_at === null ? [] : [domainEvent("connection.recovered", { incident: incidentOf({ ...row, alerted_at: row.alerted_at }) })])),
      ...alerted.flatMap((row) => (row.alerted_at === null ? [] : [domainEvent("connection.alerted", { incident: incidentOf({ ...row, alerted_at: row.alerted_at }) })])),
    ];
    publish(...events);
    return { ran: true, alerted: alerted.length, recovered: events.length - alerted.length };
  });
}
