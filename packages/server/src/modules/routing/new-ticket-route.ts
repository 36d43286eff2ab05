import { isOpenAt } from "@atendo/contracts";
import type { ConnectionRow } from "../connections/connection.presenter.js";
import { fallbackPlan, walkDestination, type RoutePlan, type RouteEnv } from "./walk.js";

/**
 * Where a new conversation of this connection starts (docs/decisions/0036): the connection's
 * destination, walked. Out of the connection's opening hours its out-of-hours message goes first
 * and the ticket is marked out of hours wherever it lands. A conversation Atendo must not talk
 * to — a group, or one the company itself started from the phone (`automated` false) — is
 * routed without texts and never into a menu or a bot (nobody would answer it): its fallback then.
 */
export async function routeNewTicket(env: RouteEnv, connection: ConnectionRow, automated: boolean): Promise<RoutePlan> {
  const texts: string[] = [];
  const open = isOpenAt(connection.businessHours, env.timeZone, env.now);
  if (!open && connection.outOfHoursMessage.trim() !== "") texts.push(connection.outOfHoursMessage.trim());
  const { destinationType, destinationId } = connection;
  if (destinationType === null || destinationId === null) {
    env.log.warn({ code: "ERR_INBOUND_CONFIGURATION", connectionId: connection.id }, "connection has no destination; the ticket waits with no queue");
    return fallbackPlan(automated ? texts : []);
  }
  const plan = await walkDestination(env, { destinationType, destinationTypeId: destinationId }, texts);
  if (!automated) return plan.placement.uraId === null && plan.placement.botId === null ? { ...plan, texts: [] } : fallbackPlan();
  return open ? plan : { ...plan, placement: { ...plan.placement, outOfHours: true } };
}
