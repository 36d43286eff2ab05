import type { SlaOutcome } from "@atendo/contracts";
import { sql, type SQL } from "drizzle-orm";

/**
 * Whether a ticket met each SLA target (issue 30, docs/decisions/0080), one rule read two ways:
 * here for a presented ticket, in SQL for the reports (slaOutcomeSql). A target is
 * - `met` when its clock stopped by the due time: the first response at the team's first answer
 *   (or the close, when it closed unanswered), the resolution at the close;
 * - `breached` when it stopped after the due time, or is still running past it;
 * - `running` while it runs before its due time (contracts' slaOutcomes); null when the ticket had no such target (or was
 *   closed with no resolution: its contact erased or merged).
 */

export interface SlaFacts {
  status: string;
  closedAt: Date | null;
  firstResponseAt: Date | null;
  firstResponseDueAt: Date | null;
  resolutionDueAt: Date | null;
}

function outcome(dueAt: Date | null, stoppedAt: Date | null, stopped: boolean, now: Date): SlaOutcome | null {
  if (dueAt === null) return null;
  if (stopped) return stoppedAt === null ? null : stoppedAt.getTime() <= dueAt.getTime() ? "met" : "breached";
  return now.getTime() >= dueAt.getTime() ? "breached" : "running";
}

export function ticketSlaOutcomes(ticket: SlaFacts, now: Date): { firstResponse: SlaOutcome | null; resolution: SlaOutcome | null } {
  const closed = ticket.status === "closed";
  return {
    firstResponse: outcome(ticket.firstResponseDueAt, ticket.firstResponseAt ?? ticket.closedAt, ticket.firstResponseAt !== null || closed, now),
    resolution: outcome(ticket.resolutionDueAt, ticket.closedAt, closed, now),
  };
}

/** The same rule over a tickets row aliased `alias`: 'met', 'breached', 'running' or null. */
export function slaOutcomeSql(target: "firstResponse" | "resolution", alias: string, now: SQL = sql`now()`): SQL<SlaOutcome | null> {
  const t = (column: string) => sql.raw(`${alias}.${column}`);
  const closed = sql`${t("status")} = 'closed'`;
  const [due, stoppedAt, stopped] =
    target === "firstResponse"
      ? [t("first_response_due_at"), sql`coalesce(${t("first_response_at")}, ${t("closed_at")})`, sql`(${t("first_response_at")} is not null or ${closed})`]
      : [t("resolution_due_at"), t("closed_at"), closed];
  return sql`(case when ${due} is null then null
    when ${stopped} then case when ${stoppedAt} is null then null when ${stoppedAt} <= ${due} then 'met' else 'breached' end
    when ${now} >= ${due} then 'breached' else 'running' end)`;
}
