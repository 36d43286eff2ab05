import { automationLimits, type AutomationAction, type UpdateTicketBody } from "@atendo/contracts";
import { eq } from "drizzle-orm";
import type { AppContext } from "../../context.js";
import { quickAnswers } from "../../db/schema/index.js";
import { AppError } from "../../core/app-error.js";
import type { Actor } from "../../core/actor.js";
import { postOutbound } from "../../core/outbound-post.js";
import { signature } from "../../core/webhook-signature.js";
import { sendOutgoing } from "../messages/delivery/outgoing.service.js";
import { createAutomaticNote } from "../notes/notes.service.js";
import { removeTicketTag, writeTicketTags } from "../tickets/ticket-tags.service.js";
import { updateTicket } from "../tickets/ticket-update.service.js";
import { findTicketRow } from "../tickets/tickets.repo.js";
import type { AutomationRuleRow } from "./automation.presenter.js";
import type { RuleMoment } from "./automation-moment.js";

/**
 * Who an automation's ticket moves are made as: an administrator no user is (id 0), so a move is
 * planned, checked and written exactly as an admin's PUT /tickets/{id} (ticket-transitions.ts).
 */
const automationActor = { id: 0, profile: "admin", name: "Automation", isDeleted: false, sessionId: "automation" } as unknown as Actor;

async function move(ctx: AppContext, ticketId: number, body: UpdateTicketBody): Promise<void> {
  await updateTicket(ctx, automationActor, ticketId, body as Parameters<typeof updateTicket>[3]);
}

/** An automatic message in the conversation, through the one outgoing writer (not the ticket's last message). */
async function send(ctx: AppContext, ticketId: number, body: string): Promise<void> {
  const row = await findTicketRow(ctx.db, ticketId);
  const sent = await sendOutgoing(ctx, row, [{ body, mediaType: "chat-automatic" }], { userId: null, lastMessage: false });
  if (sent.failure) throw sent.failure;
}

/**
 * The webhook action: POSTs `{event: "automation", rule: {id, name}, trigger, ticket, messageId,
 * text, at}` as JSON, signed with the rule's secret as the API channel signs its webhooks
 * (`X-Atendo-Signature: sha256=…`), to an address the outbound guard allows; a non-2xx answer fails
 * the action (no retry: decision 0093).
 */
async function callWebhook(ctx: AppContext, rule: AutomationRuleRow, moment: RuleMoment, url: string, deliveryId: number): Promise<void> {
  const body = JSON.stringify({
    event: "automation",
    rule: { id: rule.id, name: rule.name },
    trigger: moment.trigger,
    ticket: moment.ticket,
    messageId: moment.messageId,
    text: moment.text,
    at: moment.at.toISOString(),
  });
  const headers = {
    "content-type": "application/json",
    "user-agent": "Atendo-Automation/1",
    "x-atendo-event": "automation",
    "x-atendo-delivery": `${deliveryId}-${rule.id}`,
    "x-atendo-signature": signature(rule.webhookSecret, body),
  };
  const { status } = await postOutbound(url, headers, body, { timeoutMs: automationLimits.webhookTimeoutMs, guard: ctx.webhookGuard });
  if (status < 200 || status > 299) throw new Error(`webhook answered HTTP ${status}`);
}

/** One action of a rule, through the service a person's move uses; throws when it cannot be done. */
export async function runAction(ctx: AppContext, rule: AutomationRuleRow, action: AutomationAction, moment: RuleMoment, deliveryId: number): Promise<void> {
  const ticketId = moment.ticket.id;
  switch (action.type) {
    case "assignQueue":
      return move(ctx, ticketId, { action: "updateQueue", queueId: action.queueId });
    case "assignUser":
      return move(ctx, ticketId, { action: "transferOwner", userId: action.userId });
    case "close":
      return move(ctx, ticketId, { action: "closed" });
    case "addTag":
      await writeTicketTags(ctx, ticketId, (current) => [...current, action.tagId]);
      return;
    case "removeTag":
      return removeTicketTag(ctx, ticketId, action.tagId);
    case "sendMessage":
      return send(ctx, ticketId, action.body);
    case "sendQuickAnswer": {
      const [answer] = await ctx.db.select({ message: quickAnswers.message }).from(quickAnswers).where(eq(quickAnswers.id, action.quickAnswerId)).limit(1);
      if (!answer) throw new AppError("ERR_NO_QUICK_ANSWER_FOUND");
      return send(ctx, ticketId, answer.message);
    }
    case "addNote":
      await createAutomaticNote(ctx, ticketId, action.body);
      return;
    case "webhook":
      return callWebhook(ctx, rule, moment, action.url, deliveryId);
  }
}
