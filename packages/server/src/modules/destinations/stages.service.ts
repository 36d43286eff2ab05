import type { ErrorCode, StageKind } from "@atendo/contracts";
import { eq } from "drizzle-orm";
import type { AppContext } from "../../context.js";
import { AppError } from "../../core/app-error.js";
import type { Actor } from "../../core/actor.js";
import type { DomainEvent } from "../../events/domain-events.js";
import { dispatchOutgoing } from "../messages/delivery/outgoing.service.js";
import { countWaiting, moveOnWaiting } from "../routing/stage-exit.js";
import { assertCanChooseDestinations } from "./destination.policy.js";
import { assertNotUsedAsDestination } from "./destination-usage.js";
import { destinationTable } from "./destinations.service.js";

/** What a stage that is not there answers. */
const missing: Record<StageKind, ErrorCode> = {
  uras: "ERR_NO_URA_FOUND",
  announcements: "ERR_NO_ANNOUNCEMENT_FOUND",
  monitorings: "ERR_NO_MONITORING_FOUND",
  bots: "ERR_NO_BOT_FOUND",
};

/** GET /stages/{kind}/{id}/waiting (admins): how many conversations deleting it would move on. */
export async function waitingInStage(ctx: AppContext, actor: Actor, kind: StageKind, id: number): Promise<number> {
  assertCanChooseDestinations(actor);
  const { table } = destinationTable(kind);
  const [found] = await ctx.db.select({ id: table.id }).from(table).where(eq(table.id, id));
  if (!found) throw new AppError(missing[kind]);
  return countWaiting(ctx.db, kind, id);
}

/**
 * Deletes a menu, announcement, monitoring or bot in one transaction, refused while something still
 * leads to it (assertNotUsedAsDestination). The conversations waiting in it move on to the
 * connection's fallback in the same transaction (moveOnWaiting), announced with `changed`, the
 * stage's own event; their customers' notices leave after the commit.
 */
export async function deleteStage(ctx: AppContext, kind: StageKind, id: number, changed: DomainEvent): Promise<void> {
  const { table } = destinationTable(kind);
  const notices = await ctx.events.transaction(async (tx, publish) => {
    await assertNotUsedAsDestination(tx, kind, id);
    const exit = await moveOnWaiting(ctx, tx, kind, id, new Date());
    const deleted = await tx.delete(table).where(eq(table.id, id)).returning({ id: table.id });
    if (deleted.length === 0) throw new AppError(missing[kind]);
    publish(changed, ...exit.events);
    return exit.notices;
  });
  for (const notice of notices) await dispatchOutgoing(ctx, notice.ticket, notice.messages);
}
