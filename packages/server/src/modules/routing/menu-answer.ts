import { limits, type TicketUpsertAction } from "@atendo/contracts";
import { eq } from "drizzle-orm";
import type { AppContext } from "../../context.js";
import type { Db } from "../../db/client.js";
import { tickets } from "../../db/schema/index.js";
import type { ConnectionRow } from "../connections/connection.presenter.js";
import type { MessageRow } from "../messages/message.presenter.js";
import * as lifecycle from "../tickets/ticket-lifecycle.js";
import type { TicketRow } from "../tickets/tickets.repo.js";
import { writeAutomatic } from "./automatic-messages.js";
import { customerText } from "./customer-texts.js";
import { chosenOption, menuRetryText, normalizeAnswer } from "./menu.js";
import { routeEnv } from "./route-env.js";
import { fallbackPlacement, fallbackPlan, walkDestination, type RouteEnv, type RoutePlan } from "./walk.js";

export interface MenuAnswered {
  before: TicketRow;
  action: TicketUpsertAction;
  /** What routing wrote to the customer (the next menu, an announcement, a greeting…). */
  automatic: MessageRow[];
}

/**
 * The next step for an answer to menu `uraId` that had `misses` unrecognised answers: the chosen
 * option's destination; with direct dial, the attendant whose extension was typed; the menu again
 * with a short "not recognised"; after `uraMaxMisses` misses, the fallback (docs/decisions/0036).
 */
export async function nextStep(env: RouteEnv, uraId: number, misses: number, answer: string): Promise<RoutePlan> {
  const menu = await env.loader.menu(uraId);
  if (!menu) return fallbackPlan();
  const option = chosenOption(menu, answer);
  if (option) return walkDestination(env, option.destination);
  const dialled = menu.directDial ? await env.loader.userByExtension(normalizeAnswer(answer)) : undefined;
  if (dialled) return { placement: { ...fallbackPlacement, status: "open", userId: dialled.id }, texts: [], action: "transferOwner" };
  const style = await env.style();
  if (misses + 1 >= limits.uraMaxMisses) return fallbackPlan([customerText(style.language, "handedToTeam")]);
  return { placement: { ...fallbackPlacement, uraId: menu.id, uraMisses: misses + 1 }, texts: [menuRetryText(menu, style)], action: "update" };
}

/** What a step writes to the ticket it moves: where the plan places it, out of hours when it arrived so and still waits. */
export function stepColumns(before: Pick<TicketRow, "outOfHours">, plan: RoutePlan, now: Date): lifecycle.TicketColumns {
  const { placement } = plan;
  // Arrived out of the connection's hours: still waiting for the morning wherever it goes.
  const outOfHours = placement.status === "pending" && (placement.outOfHours || before.outOfHours);
  return lifecycle.routed({ ...placement, outOfHours }, now);
}

/**
 * A customer's message to a ticket waiting in a menu, as its answer, written by transaction `tx`.
 * The ticket's row is locked for the decision, so two quick messages are read one after the other
 * (the second answers whatever the first led to) and a restart or another instance goes on from
 * the database: the step lives in `tickets.ura_id`, nothing in memory. Undefined when the ticket
 * is no longer waiting in a menu (an admin took it over meanwhile).
 */
export async function answerMenu(ctx: AppContext, tx: Db, connection: ConnectionRow, ticketId: number, answer: string, now: Date): Promise<MenuAnswered | undefined> {
  const [before] = await tx.select().from(tickets).where(eq(tickets.id, ticketId)).for("update");
  if (!before || before.uraId === null || before.status !== "pending") return undefined;
  const plan = await nextStep(routeEnv(ctx, tx, connection, now), before.uraId, before.uraMisses, answer);
  await tx.update(tickets).set(stepColumns(before, plan, now)).where(eq(tickets.id, ticketId));
  const automatic = await writeAutomatic(tx, before, plan.texts, now);
  return { before, action: plan.action, automatic };
}
