import type { SimulatorConversation, simulatorMessageBody } from "@atendo/contracts";
import { limits } from "@atendo/contracts";
import { and, desc, eq } from "drizzle-orm";
import { randomUUID } from "node:crypto";
import type { z } from "zod";
import type { InboundOutcome } from "../../channels/channel-driver.js";
import type { AppContext } from "../../context.js";
import { contacts, messages, tickets } from "../../db/schema/index.js";
import { AppError } from "../../core/app-error.js";
import type { Actor } from "../../core/actor.js";
import { findConnection } from "../connections/connections.service.js";
import { uploadAsMessageFile, type Upload } from "../media/multipart-form.js";
import { messageContactOf, presentMessages } from "../messages/message.presenter.js";
import { presentTicket } from "../tickets/ticket.presenter.js";
import { assertCanUseSimulator } from "./simulator.policy.js";

type SimulatorMessage = z.output<typeof simulatorMessageBody>;

/** The simulator writes as a customer of an API connection; admins only. */
async function simulatorConnection(ctx: AppContext, actor: Actor, connectionId: number) {
  assertCanUseSimulator(actor);
  const connection = await findConnection(ctx.db, connectionId);
  if (connection.kind !== "api") throw new AppError("ERR_NO_WAPP_FOUND", 404, "The simulator works with API connections only.");
  return connection;
}

/**
 * A customer's message typed in the simulator, received like the API channel's: the simulator is a
 * client of the connection, so it reports through the connection's driver events (the context's
 * channels: the one way into the pipeline), never by calling the channel's code.
 */
export async function simulateInbound(ctx: AppContext, actor: Actor, connectionId: number, input: SimulatorMessage, file?: Upload): Promise<InboundOutcome> {
  const connection = await simulatorConnection(ctx, actor, connectionId);
  const attached = file ? uploadAsMessageFile(file) : undefined;
  if (!attached && input.body.trim() === "") throw new AppError("ERR_MISSING_VALUES", 400, "Write a text or attach a file.");
  const outcome = await ctx.channels.requestEvents(connection).receiveMessage({
    externalId: `sim-${randomUUID()}`,
    chat: { number: input.number, name: input.name, isGroup: false },
    fromMe: false,
    body: input.body,
    mediaType: attached?.mediaType ?? "chat",
    media: attached?.media,
    timestamp: new Date(),
  });
  // null only for a message the connection ignores (a group's), and the simulator writes none.
  if (!outcome) throw new AppError("ERR_INBOUND_CONFIGURATION");
  return outcome;
}

/** The simulated customer's side: the newest page of their newest ticket on this connection. */
export async function simulatorConversation(ctx: AppContext, actor: Actor, connectionId: number, number: string): Promise<SimulatorConversation> {
  await simulatorConnection(ctx, actor, connectionId);
  const [latest] = await ctx.db
    .select({ id: tickets.id })
    .from(tickets)
    .innerJoin(contacts, eq(contacts.id, tickets.contactId))
    .where(and(eq(contacts.number, number), eq(tickets.connectionId, connectionId)))
    .orderBy(desc(tickets.id))
    .limit(1);
  if (!latest) return { ticket: null, messages: [] };
  const ticket = await presentTicket(ctx.db, latest.id);
  const rows = await ctx.db.select().from(messages).where(eq(messages.ticketId, latest.id)).orderBy(desc(messages.id)).limit(limits.messagePageSize);
  return { ticket, messages: await presentMessages(ctx.db, rows.reverse(), messageContactOf(ticket)) };
}
