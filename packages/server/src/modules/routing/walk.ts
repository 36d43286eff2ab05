import { isOpenAt, limits, type Destination, type TicketUpsertAction } from "@atendo/contracts";
import type { FastifyBaseLogger } from "fastify";
import { menuText, type MenuStyle } from "./menu.js";
import type { Placement } from "../tickets/ticket-lifecycle.js";
import type { RouteLoader } from "./route-loader.js";
import { clockOf } from "../tickets/sla-clock.js";

/** Where a ticket stands after routing: the columns routing owns (the lifecycle writes them). */
export type { Placement };

/** Where a conversation goes and what the customer is told on the way. */
export interface RoutePlan {
  placement: Placement;
  /** `chat-automatic` texts to send, in order (announcements, a greeting, a menu…). */
  texts: string[];
  /** The `ticket` event that tells who now sees the ticket. */
  action: TicketUpsertAction;
}

export interface RouteEnv {
  loader: RouteLoader;
  now: Date;
  timeZone: string;
  /** How menus and Atendo's own texts are written to this customer (their language is a setting). */
  style(): Promise<MenuStyle>;
  log: FastifyBaseLogger;
}

/**
 * The connection's fallback: waiting with no queue, which every attendant sees — where a customer
 * lands when a destination is gone, a chain runs too long or a menu is not understood; never
 * nowhere (docs/decisions/0036).
 */
export const fallbackPlacement: Placement = { status: "pending", queueId: null, userId: null, uraId: null, uraMisses: 0, botId: null, monitoringId: null, outOfHours: false, sla: null };

export function fallbackPlan(texts: string[] = []): RoutePlan {
  return { placement: fallbackPlacement, texts, action: "pending" };
}

function say(texts: string[], text: string): void {
  if (text.trim() !== "") texts.push(text.trim());
}

function lost(env: RouteEnv, destination: Destination, texts: string[]): RoutePlan {
  env.log.warn({ code: "ERR_INBOUND_CONFIGURATION", ...destination }, "destination missing; the ticket waits with no queue");
  return fallbackPlan(texts);
}

/**
 * Follows a destination to where the conversation rests: a queue (pending, greeted, or told it is
 * out of hours), a user (open, assigned), a menu (waiting for an answer), a monitoring (its owner,
 * open or recorded closed), a bot (its stage, talking with the customer). Announcements are said and passed through. A chain longer than
 * `routingChainMax` steps without a customer answer stops at the fallback, so a loop saved
 * before the save-time check (or by a race of two saves) cannot spin, and neither can one that
 * comes back to an announcement already said. One query per step.
 */
export async function walkDestination(env: RouteEnv, start: Destination, texts: string[] = []): Promise<RoutePlan> {
  let next: Destination = start;
  const said = new Set<number>();
  for (let step = 0; step < limits.routingChainMax; step++) {
    const id = next.destinationTypeId;
    switch (next.destinationType) {
      case "queue": {
        const queue = await env.loader.queue(id);
        if (!queue) return lost(env, next, texts);
        const open = isOpenAt(queue.businessHours, env.timeZone, env.now);
        say(texts, open ? queue.greetingMessage : queue.outOfHoursMessage);
        const sla = clockOf(queue, env.timeZone);
        return { placement: { ...fallbackPlacement, queueId: queue.id, outOfHours: !open, sla }, texts, action: "updateQueue" };
      }
      case "users": {
        const user = await env.loader.user(id);
        if (!user) return lost(env, next, texts);
        return { placement: { ...fallbackPlacement, status: "open", userId: user.id }, texts, action: "transferOwner" };
      }
      case "uras": {
        const menu = await env.loader.menu(id);
        if (!menu) return lost(env, next, texts);
        say(texts, menuText(menu, await env.style()));
        return { placement: { ...fallbackPlacement, uraId: menu.id }, texts, action: "update" };
      }
      case "bots": {
        // The bot answers the customer's messages from here on (bots/bot-listener.ts).
        const bot = await env.loader.bot(id);
        if (!bot) return lost(env, next, texts);
        return { placement: { ...fallbackPlacement, botId: bot.id }, texts, action: "update" };
      }
      case "monitorings": {
        const monitoring = await env.loader.monitoring(id);
        if (!monitoring) return lost(env, next, texts);
        const sla = monitoring.queue ? clockOf(monitoring.queue, env.timeZone) : null;
        const placement = { ...fallbackPlacement, status: monitoring.status, userId: monitoring.userId, queueId: monitoring.queueId, monitoringId: monitoring.id, sla };
        return { placement, texts, action: "monitoringExecuted" };
      }
      case "announcements": {
        // The same announcement twice is a loop: the customer is not told it again and again.
        if (said.has(id)) break;
        said.add(id);
        const announcement = await env.loader.announcement(id);
        if (!announcement) return lost(env, next, texts);
        say(texts, announcement.description);
        next = { destinationType: announcement.destinationType, destinationTypeId: announcement.destinationId };
        continue;
      }
    }
    break;
  }
  env.log.warn({ code: "ERR_INBOUND_CONFIGURATION", ...next, steps: limits.routingChainMax }, "routing chain too long (a loop?); the ticket waits with no queue");
  return fallbackPlan(texts);
}
