import { automationLimits, type AutomationDryRun, type AutomationTrigger } from "@atendo/contracts";
import { and, desc, eq, isNotNull, like } from "drizzle-orm";
import type { AppContext } from "../../context.js";
import { automationMoments, messages, ticketTags, tickets } from "../../db/schema/index.js";
import type { Actor } from "../../core/actor.js";
import { presentTicketsById } from "../tickets/ticket.presenter.js";
import { assertCanManageAutomations } from "./automation.policy.js";
import { loadFacts } from "./automation-facts.js";
import { ruleMatches } from "./automation-match.js";
import type { AutomationForm } from "./automation-refs.js";

/** A past event of a trigger, as far as a rule reads it. */
interface PastEvent {
  ticketId: number;
  text: string | null;
  at: Date;
}

const N = automationLimits.dryRunEvents;

/**
 * The last events of a trigger, read back from what they left: customer messages, tickets created
 * or closed, the periodic moments announced (automation_moments); labels on tickets carry no date,
 * so tagAdded replays the newest tickets with a label, at the time of the dry run.
 */
async function pastEvents(ctx: AppContext, trigger: AutomationTrigger, idleMinutes: number | null): Promise<PastEvent[]> {
  const { db } = ctx;
  switch (trigger) {
    case "messageReceived":
      return (
        await db
          .select({ ticketId: messages.ticketId, text: messages.body, at: messages.createdAt })
          .from(messages)
          .where(eq(messages.fromMe, false))
          .orderBy(desc(messages.id))
          .limit(N)
      ).map((row) => ({ ...row, text: row.text }));
    case "ticketCreated":
      return (await db.select({ ticketId: tickets.id, at: tickets.createdAt }).from(tickets).orderBy(desc(tickets.id)).limit(N)).map((row) => ({ ...row, text: null }));
    case "ticketClosed":
      return (
        await db
          .select({ ticketId: tickets.id, at: tickets.closedAt })
          .from(tickets)
          .where(and(eq(tickets.status, "closed"), isNotNull(tickets.closedAt)))
          .orderBy(desc(tickets.closedAt))
          .limit(N)
      ).map((row) => ({ ticketId: row.ticketId, at: row.at ?? new Date(), text: null }));
    case "tagAdded":
      return (await db.selectDistinct({ ticketId: ticketTags.ticketId }).from(ticketTags).orderBy(desc(ticketTags.ticketId)).limit(N)).map((row) => ({
        ticketId: row.ticketId,
        at: new Date(),
        text: null,
      }));
    case "ticketIdle":
    case "slaAtRisk": {
      const moment = trigger === "ticketIdle" ? `idle:${idleMinutes ?? 0}` : "sla:%";
      return (
        await db
          .select({ ticketId: automationMoments.ticketId, at: automationMoments.at })
          .from(automationMoments)
          .where(like(automationMoments.moment, moment))
          .orderBy(desc(automationMoments.at))
          .limit(N)
      ).map((row) => ({ ...row, text: null }));
    }
  }
}

/**
 * POST /automations/dry-run (admins): the rule, as posted, against the last 50 events of its
 * trigger — each with whether its conditions hold and the actions that would have run. Nothing
 * is written, sent or called. Conditions read the ticket as it is now, with the event's text and time.
 */
export async function dryRunAutomation(ctx: AppContext, actor: Actor, rule: AutomationForm): Promise<AutomationDryRun> {
  assertCanManageAutomations(actor);
  const events = await pastEvents(ctx, rule.trigger, rule.idleMinutes);
  const presented = await presentTicketsById(ctx.db, [...new Set(events.map((event) => event.ticketId))]);
  const items: AutomationDryRun["items"] = [];
  for (const event of events) {
    const ticket = presented.get(event.ticketId);
    if (!ticket) continue;
    const facts = await loadFacts(ctx.db, ticket, { text: event.text ?? "", at: event.at }, rule.conditions, ctx.config.TIME_ZONE);
    const matched = ruleMatches(rule.conditions, facts, ctx.config.TIME_ZONE);
    items.push({ ticketId: event.ticketId, at: event.at.toISOString(), text: event.text, matched, actions: matched ? rule.actions : [] });
  }
  return { trigger: rule.trigger, items };
}
