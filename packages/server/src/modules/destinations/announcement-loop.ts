import type { DestinationKind } from "@atendo/contracts";
import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { advisoryLocks } from "../../db/locks.js";
import { announcements } from "../../db/schema/index.js";
import { AppError } from "../../core/app-error.js";

/**
 * An announcement hands the conversation on at once, so announcements leading round to one
 * another would never wait for the customer: saving announcement `selfId` (null: a new one) with
 * this destination is refused when the chain of announcements it starts comes back to it, or runs
 * into a circle of its own (400 ERR_DESTINATION_LOOP). A menu waits for an answer, so a circle
 * through a menu ("0 - back") is fine, and any other kind ends the chain. Call it inside the
 * saving transaction: the lock makes two saves that would close a circle together take turns.
 */
export async function assertNoAnnouncementLoop(tx: Db, selfId: number | null, kind: DestinationKind, id: number): Promise<void> {
  if (kind !== "announcements") return;
  await tx.execute(sql`select pg_advisory_xact_lock(${advisoryLocks.announcementChain})`);
  const seen = new Set<number>();
  let next: { kind: DestinationKind; id: number } | undefined = { kind, id };
  while (next?.kind === "announcements") {
    if (next.id === selfId || seen.has(next.id)) throw new AppError("ERR_DESTINATION_LOOP");
    seen.add(next.id);
    [next] = await tx
      .select({ kind: announcements.destinationType, id: announcements.destinationId })
      .from(announcements)
      .where(eq(announcements.id, next.id));
  }
}
