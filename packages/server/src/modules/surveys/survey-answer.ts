import { limits, surveyScoreOf, type ConnectionSurvey, type MessageMediaType } from "@atendo/contracts";
import { and, desc, eq, isNotNull } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { tickets } from "../../db/schema/index.js";
import type { TicketRow } from "../tickets/tickets.repo.js";
import type { CustomerTextKey } from "../routing/customer-texts.js";

/** A customer's message read as their answer to a survey: the closed ticket it rated and what Atendo answers. */
export interface SurveyAnswer {
  /** The closed ticket, rated (or given its comment) by this message. */
  ticket: TicketRow;
  /** What to write back: the request for a comment, or the thanks. */
  reply: CustomerTextKey;
}

export interface SurveyInbound {
  contactId: number;
  connectionId: number;
  survey: ConnectionSurvey;
  isGroup: boolean;
  fromMe: boolean;
  mediaType: MessageMediaType;
  body: string;
  now: Date;
}

/** The contact's survey awaiting an answer on the connection: one read along tickets_survey_awaiting_idx. */
export function awaitingSurvey(db: Db, contactId: number, connectionId: number) {
  return db
    .select({ id: tickets.id, awaiting: tickets.surveyAwaiting, expiresAt: tickets.surveyExpiresAt })
    .from(tickets)
    .where(and(eq(tickets.contactId, contactId), eq(tickets.connectionId, connectionId), isNotNull(tickets.surveyAwaiting)))
    .orderBy(desc(tickets.surveySentAt))
    .limit(1);
}

/**
 * Reads a message of a contact with no active ticket as the answer to the survey awaiting it
 * (docs/decisions/0081), on the caller's transaction, before a closed ticket is reopened or a new
 * one opened. One read along tickets_survey_awaiting_idx (only tickets awaiting an answer are in
 * it). Awaiting a score: a digit from 1 to 5 (surveyScoreOf) is recorded, and a low one
 * (≤ `limits.surveyLowScoreMax`) waits for a comment when the survey asks for one. Awaiting a
 * comment: the next text is the comment. Anything else — past the window, not a score, not a
 * text — stops the survey waiting and returns null: the message opens (or reopens) a ticket as
 * usual. The caller's transaction rolls back a redelivered message, and with it what this wrote.
 */
export async function takeSurveyAnswer(tx: Db, inbound: SurveyInbound): Promise<SurveyAnswer | null> {
  if (inbound.isGroup || inbound.fromMe) return null;
  const [awaiting] = await awaitingSurvey(tx, inbound.contactId, inbound.connectionId);
  if (!awaiting) return null;
  const text = inbound.mediaType === "chat" ? inbound.body.trim() : "";
  const inTime = awaiting.expiresAt !== null && awaiting.expiresAt.getTime() > inbound.now.getTime();
  const score = inTime && awaiting.awaiting === "score" ? surveyScoreOf(text) : null;
  const comment = inTime && awaiting.awaiting === "comment" && text !== "" ? text.slice(0, limits.surveyCommentMax) : null;
  const byId = and(eq(tickets.id, awaiting.id), eq(tickets.status, "closed"));
  if (score !== null) {
    const wantsComment = inbound.survey.askComment && score <= limits.surveyLowScoreMax;
    const [ticket] = await tx
      .update(tickets)
      .set({ ratingScore: score, ratingComment: null, ratedAt: inbound.now, surveyAwaiting: wantsComment ? "comment" : null })
      .where(byId)
      .returning();
    if (ticket) return { ticket, reply: wantsComment ? "surveyComment" : "surveyThanks" };
  } else if (comment !== null) {
    const [ticket] = await tx.update(tickets).set({ ratingComment: comment, surveyAwaiting: null }).where(byId).returning();
    if (ticket) return { ticket, reply: "surveyThanks" };
  }
  // Not an answer (or the ticket is no longer closed): the survey stops waiting.
  await tx.update(tickets).set({ surveyAwaiting: null }).where(eq(tickets.id, awaiting.id));
  return null;
}
