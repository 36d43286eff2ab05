import type { ConnectionIncident } from "@atendo/contracts";
import { and, asc, eq, isNotNull, isNull, sql } from "drizzle-orm";
import type { AppContext } from "../../context.js";
import type { Actor } from "../../core/actor.js";
import type { Db } from "../../db/client.js";
import { connectionIncidents, connections } from "../../db/schema/index.js";
import { assertCanManageConnections } from "../connections/connection.policy.js";

/** An incident row joined with its connection's names, as the watch and the list read it. */
export interface IncidentRow {
  id: number;
  connectionId: number;
  name: string;
  label: string | null;
  leftAt: Date;
  alertedAt: Date | null;
  recoveredAt: Date | null;
}

/** Only alerted incidents are shown: one never alerted was news to nobody. */
export function presentIncident(row: IncidentRow & { alertedAt: Date }): ConnectionIncident {
  return {
    id: row.id,
    whatsappId: row.connectionId,
    name: row.label || row.name,
    leftAt: row.leftAt.toISOString(),
    alertedAt: row.alertedAt.toISOString(),
    recoveredAt: row.recoveredAt?.toISOString() ?? null,
  };
}

/**
 * GET /api/connection-incidents (admins): connections alerted as down and not back yet, the
 * banner's state on load. A replaced connection's alert is over: its customers were moved away.
 */
export async function listOpenAlerts(ctx: AppContext, actor: Actor): Promise<ConnectionIncident[]> {
  assertCanManageConnections(actor);
  const rows = await ctx.db
    .select({
      id: connectionIncidents.id,
      connectionId: connectionIncidents.connectionId,
      name: connections.name,
      label: connections.label,
      leftAt: connectionIncidents.leftAt,
      alertedAt: connectionIncidents.alertedAt,
      recoveredAt: connectionIncidents.recoveredAt,
    })
    .from(connectionIncidents)
    .innerJoin(connections, eq(connections.id, connectionIncidents.connectionId))
    .where(and(isNull(connectionIncidents.recoveredAt), isNotNull(connectionIncidents.alertedAt), isNull(connections.replacedById)))
    .orderBy(asc(connectionIncidents.leftAt), asc(connectionIncidents.id));
  return rows.flatMap((row) => (row.alertedAt ? [presentIncident({ ...row, alertedAt: row.alertedAt })] : []));
}

/**
 * The connection leaves CONNECTED on purpose (an admin's disconnect, its customers moved away):
 * its current absence is never alerted. Opens the incident as silent, or silences the open one.
 * One already alerted still announces its recovery (admins were told it was down).
 */
export async function silenceAbsence(db: Db, connectionId: number, now: Date): Promise<void> {
  await db
    .insert(connectionIncidents)
    .values({ connectionId, leftAt: now, silent: true })
    .onConflictDoUpdate({ target: connectionIncidents.connectionId, targetWhere: sql`${connectionIncidents.recoveredAt} is null`, set: { silent: true } });
}
