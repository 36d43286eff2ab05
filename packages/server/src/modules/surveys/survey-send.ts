import { and, eq, isNotNull, isNull, ne } from "drizzle-orm";
import type { AppContext } from "../../context.js";
import { connections, tickets } from "../../db/schema/index.js";
import type { ClosedBy } from "../../events/domain-events.js";
import { sendOutgoingOnce } from "../messages/delivery/outgoing.service.js";
import { customerText } from "../routing/customer-texts.js";
import { customerLanguage } from "../settings/customer-language.js";

const HOUR_MS = 3_600_000;

/** The close a survey follows: who closed the ticket, and whether the server's close was auto-close's. */
export interface SurveyClose {
  ticketId: number;
  by: ClosedBy;
  /** Closed by auto-close for being idle (not by a deleted connection or a merge). */
  idle: boolean;
}

/**
 * Sends the connection's satisfaction survey to a ticket just closed (docs/decisions/0081), when
 * its connection has one enabled: after a person's close or the customer's close code; after
 * auto-close only when the survey says `onAutoClose`; never to a group, never twice for a ticket.
 * The question goes through the outgoing writer (an automatic message in the conversation, handed
 * to the driver), written in the transaction that marks the ticket surveyed and awaiting a score
 * until the window ends — and that stops any other of the contact's surveys on this connection
 * from waiting. A ticket reopened meanwhile is not surveyed. Returns whether it sent one.
 */
export async function sendSurvey(ctx: AppContext, close: SurveyClose): Promise<boolean> {
  const [row] = await ctx.db
    .select({ id: tickets.id, connectionId: tickets.connectionId, contactId: tickets.contactId, isGroup: tickets.isGroup, status: tickets.status, survey: connections.survey })
    .from(tickets)
    .innerJoin(connections, eq(connections.id, tickets.connectionId))
    .where(eq(tickets.id, close.ticketId))
    .limit(1);
  if (!row || row.isGroup || row.status !== "closed" || row.contactId === null || !row.survey.enabled) return false;
  if (close.by === "system" && !(close.idle && row.survey.onAutoClose)) return false;
  const question = row.survey.question.trim() || customerText(await customerLanguage(ctx, ctx.db), "surveyQuestion");
  const { contactId, connectionId } = row;
  const sent = await sendOutgoingOnce(ctx, row, [{ body: question, mediaType: "chat-automatic" }], { userId: null, lastMessage: false }, async (tx) => {
    const now = new Date();
    const [claimed] = await tx
      .update(tickets)
      .set({ surveySentAt: now, surveyAwaiting: "score", surveyExpiresAt: new Date(now.getTime() + row.survey.windowHours * HOUR_MS) })
      .where(and(eq(tickets.id, row.id), eq(tickets.status, "closed"), isNull(tickets.surveySentAt)))
      .returning({ id: tickets.id });
    if (!claimed) return false;
    // One survey awaits the contact's answer on a connection: the newest.
    await tx
      .update(tickets)
      .set({ surveyAwaiting: null })
      .where(and(eq(tickets.contactId, contactId), eq(tickets.connectionId, connectionId!), isNotNull(tickets.surveyAwaiting), ne(tickets.id, row.id)));
    return true;
  });
  return sent !== null;
}
