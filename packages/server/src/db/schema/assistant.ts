import { assistantActions } from "@atendo/contracts";
import { bigserialId, createdAt, linkId } from "./columns.js";
import { boolean, check, index, integer, pgTable, text } from "drizzle-orm/pg-core";
import { inValues } from "./in-values.js";
import { tickets } from "./tickets.js";
import { users } from "./users.js";

/**
 * One row per use of the assistant (decision 0094): who, in which ticket, which action, when,
 * whether the AI server answered and the tokens it counted. Never the text sent or answered.
 * Kept when the user or the ticket is deleted (their link cleared), so counts stay right.
 */
export const assistantUses = pgTable(
  "assistant_uses",
  {
    id: bigserialId(),
    userId: linkId("user_id", () => users.id),
    ticketId: linkId("ticket_id", () => tickets.id),
    action: text("action", { enum: assistantActions }).notNull(),
    ok: boolean("ok").notNull(),
    tokens: integer("tokens"),
    createdAt: createdAt(),
  },
  (t) => [check("assistant_uses_action_check", inValues(t.action, assistantActions)), index("assistant_uses_created_idx").on(t.createdAt)],
);
