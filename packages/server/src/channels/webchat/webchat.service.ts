import {
  channelIdentity,
  identityOf,
  isOpenAt,
  type VisitorMessage,
  type VisitorMessagePage,
  type VisitorSession,
  type WebchatConfig,
  type WebchatSettings,
  type visitorStartBody,
} from "@atendo/contracts";
import { and, desc, eq, isNull, lt, or } from "drizzle-orm";
import { randomUUID } from "node:crypto";
import type { Namespace } from "socket.io";
import type { z } from "zod";
import type { AppContext } from "../../context.js";
import type { Db } from "../../db/client.js";
import { contactCustomFields, contacts, connections, messages, tickets, webchatVisitors } from "../../db/schema/index.js";
import { AppError } from "../../core/app-error.js";
import { bearerToken } from "../../modules/auth/authenticate.js";
import type { ConnectionRow } from "../../modules/connections/connection.presenter.js";
import { mediaNamePattern } from "../../modules/media/media-store.js";
import type { InboundMedia, MediaType } from "../channel-driver.js";
import { readVisitorToken, signVisitorToken, visitorTokenKey } from "./visitor-token.js";

/** A widget: its connection and its settings. */
export interface Widget {
  connection: ConnectionRow;
  settings: WebchatSettings;
}

export interface Visitor {
  id: number;
  connectionId: number;
  name: string | null;
  email: string | null;
  phone: string | null;
}

/** The visitor socket event that carries one message of the conversation (either side). */
export const visitorMessageEvent = "message";
export const visitorRoom = (visitorId: number) => `visitor:${visitorId}`;

/** The webchat connection of a public key; ERR_NOT_FOUND for any other key (nothing told apart). */
export async function widgetOf(db: Db, widgetKey: string): Promise<Widget> {
  const [row] = await db
    .select()
    .from(connections)
    .where(and(eq(connections.widgetKey, widgetKey), eq(connections.kind, "webchat")))
    .limit(1);
  if (!row?.channelSettings) throw new AppError("ERR_NOT_FOUND");
  return { connection: row, settings: row.channelSettings as WebchatSettings };
}

/** The caller's origin when the widget allows it; ERR_WEBCHAT_ORIGIN otherwise (no Origin header included). */
export function assertOrigin(widget: Widget, origin: string | undefined): string {
  const given = (origin ?? "").toLowerCase().replace(/\/+$/, "");
  if (!given || !widget.settings.allowedOrigins.includes(given)) throw new AppError("ERR_WEBCHAT_ORIGIN");
  return origin ?? given;
}

export function widgetConfig(ctx: AppContext, widget: Widget, now = new Date()): WebchatConfig {
  const { settings, connection } = widget;
  return {
    title: settings.title || connection.name,
    color: settings.color,
    greeting: settings.greeting,
    preChat: settings.preChat,
    open: isOpenAt(connection.businessHours, ctx.config.TIME_ZONE, now),
    outOfHoursMessage: connection.outOfHoursMessage.trim(),
  };
}

/** Starts a visitor: the pre-chat fields checked against the widget's modes, then a signed token. */
export async function startVisitor(ctx: AppContext, widget: Widget, body: z.output<typeof visitorStartBody>): Promise<VisitorSession> {
  const modes = widget.settings.preChat;
  const missing = (["name", "email", "phone"] as const).filter((field) => modes[field] === "required" && !body[field]);
  if (missing.length > 0) throw new AppError("ERR_MISSING_VALUES", 400, `Required before chatting: ${missing.join(", ")}.`);
  const keep = (field: "name" | "email" | "phone") => (modes[field] === "off" ? null : (body[field] ?? null));
  const [row] = await ctx.db
    .insert(webchatVisitors)
    .values({ connectionId: widget.connection.id, name: keep("name"), email: keep("email"), phone: keep("phone") })
    .returning({ id: webchatVisitors.id });
  if (!row) throw new Error("visitor not created");
  return { token: signVisitorToken(visitorKey(ctx), widget.connection.id, row.id), visitorId: row.id };
}

const visitorKeys = new WeakMap<Uint8Array, Buffer>();
export function visitorKey(ctx: Pick<AppContext, "jwtKey">): Buffer {
  let key = visitorKeys.get(ctx.jwtKey);
  if (!key) {
    key = visitorTokenKey(ctx.jwtKey);
    visitorKeys.set(ctx.jwtKey, key);
  }
  return key;
}

/** The visitor a token names, of this widget; ERR_VISITOR_TOKEN for a missing, forged or foreign one. */
export async function visitorOf(ctx: AppContext, widget: Widget, token: string | undefined): Promise<Visitor> {
  const named = readVisitorToken(visitorKey(ctx), token);
  if (!named || named.connectionId !== widget.connection.id) throw new AppError("ERR_VISITOR_TOKEN");
  const [row] = await ctx.db
    .select({ id: webchatVisitors.id, connectionId: webchatVisitors.connectionId, name: webchatVisitors.name, email: webchatVisitors.email, phone: webchatVisitors.phone })
    .from(webchatVisitors)
    .where(and(eq(webchatVisitors.id, named.visitorId), eq(webchatVisitors.connectionId, widget.connection.id)))
    .limit(1);
  if (!row) throw new AppError("ERR_VISITOR_TOKEN");
  return row;
}

export const visitorOfRequest = (ctx: AppContext, widget: Widget, authorization: string | undefined) => visitorOf(ctx, widget, bearerToken(authorization));

export const visitorNumber = (visitorId: number) => channelIdentity("webchat", visitorId);

const messageColumns = {
  id: messages.id,
  body: messages.body,
  fromMe: messages.fromMe,
  mediaType: messages.mediaType,
  mediaName: messages.mediaName,
  fileName: messages.fileName,
  createdAt: messages.createdAt,
};

type MessageRow = { id: number; body: string; fromMe: boolean; mediaType: VisitorMessage["mediaType"]; mediaName: string | null; fileName: string | null; createdAt: Date };

export function presentVisitorMessage(row: MessageRow): VisitorMessage {
  return { ...row, createdAt: row.createdAt.toISOString() };
}

/** Only the visitor's own conversation: messages of this widget's connection on tickets of the visitor's contact. */
function ownMessages(widget: Widget, visitor: Visitor) {
  return and(
    eq(messages.connectionId, widget.connection.id),
    eq(contacts.number, visitorNumber(visitor.id)),
    eq(messages.isDeleted, false),
  );
}

const pageSize = 50;

export async function visitorMessages(ctx: AppContext, widget: Widget, visitor: Visitor, before?: number): Promise<VisitorMessagePage> {
  const rows = await ctx.db
    .select(messageColumns)
    .from(messages)
    .innerJoin(tickets, eq(tickets.id, messages.ticketId))
    .innerJoin(contacts, eq(contacts.id, tickets.contactId))
    .where(and(ownMessages(widget, visitor), before === undefined ? undefined : lt(messages.id, before)))
    .orderBy(desc(messages.id))
    .limit(pageSize + 1);
  return { messages: rows.slice(0, pageSize).reverse().map(presentVisitorMessage), hasMore: rows.length > pageSize };
}

/** A file of the visitor's own conversation (ERR_NOT_FOUND for any other). */
export async function visitorMedia(ctx: AppContext, widget: Widget, visitor: Visitor, name: string) {
  if (!mediaNamePattern.test(name)) throw new AppError("ERR_NOT_FOUND");
  const [row] = await ctx.db
    .select({ name: messages.mediaName, mimeType: messages.mimeType, fileName: messages.fileName })
    .from(messages)
    .innerJoin(tickets, eq(tickets.id, messages.ticketId))
    .innerJoin(contacts, eq(contacts.id, tickets.contactId))
    .where(and(ownMessages(widget, visitor), eq(messages.mediaName, name)))
    .limit(1);
  if (!row?.name) throw new AppError("ERR_NOT_FOUND");
  return { name: row.name, mimeType: row.mimeType ?? "application/octet-stream", fileName: row.fileName ?? row.name };
}

/** Sends one stored message to every live socket of its visitor (their other tabs, the attendant's replies). */
export function emitToVisitor(space: Namespace, visitorId: number, message: VisitorMessage): void {
  space.to(visitorRoom(visitorId)).emit(visitorMessageEvent, message);
}

export async function storedVisitorMessage(db: Db, messageId: number): Promise<VisitorMessage | null> {
  const [row] = await db.select(messageColumns).from(messages).where(eq(messages.id, messageId)).limit(1);
  return row ? presentVisitorMessage(row) : null;
}

/**
 * A visitor's message, reported through the connection's driver events like every channel's (the
 * one way into the pipeline: tickets, routing, assignment, surveys and reports as elsewhere).
 * The pre-chat e-mail and phone go on the contact the first time.
 */
export async function receiveVisitorMessage(
  ctx: AppContext,
  widget: Widget,
  visitor: Visitor,
  space: Namespace,
  input: { body: string; file?: { media: InboundMedia; mediaType: MediaType } },
): Promise<VisitorMessage> {
  const number = visitorNumber(visitor.id);
  const outcome = await ctx.channels.requestEvents(widget.connection).receiveMessage({
    externalId: `webchat-${visitor.id}-${randomUUID()}`,
    chat: { number, name: visitor.name ?? `Visitor ${visitor.id}`, isGroup: false },
    fromMe: false,
    body: input.body,
    mediaType: input.file?.mediaType ?? "chat",
    media: input.file?.media,
    timestamp: new Date(),
  });
  if (!outcome) throw new AppError("ERR_INBOUND_CONFIGURATION");
  await fillContact(ctx.db, number, visitor);
  const message = await storedVisitorMessage(ctx.db, outcome.messageId);
  if (!message) throw new AppError("ERR_NO_MESSAGE_FOUND");
  emitToVisitor(space, visitor.id, message);
  return message;
}

async function fillContact(db: Db, number: string, visitor: Visitor): Promise<void> {
  if (!visitor.email && !visitor.phone) return;
  const [contact] = await db.select({ id: contacts.id, email: contacts.email }).from(contacts).where(eq(contacts.number, number)).limit(1);
  if (!contact) return;
  if (visitor.email && !contact.email) {
    await db.update(contacts).set({ email: visitor.email }).where(and(eq(contacts.id, contact.id), or(isNull(contacts.email), eq(contacts.email, ""))));
  }
  if (visitor.phone) {
    const [has] = await db
      .select({ id: contactCustomFields.id })
      .from(contactCustomFields)
      .where(and(eq(contactCustomFields.contactId, contact.id), eq(contactCustomFields.name, "phone")))
      .limit(1);
    if (!has) await db.insert(contactCustomFields).values({ contactId: contact.id, name: "phone", value: visitor.phone });
  }
}

/** The visitor a contact number names (a webchat identity), or null. */
export function visitorIdOf(number: string): number | null {
  const identity = identityOf(number);
  return identity?.channel === "webchat" ? Number(identity.id) : null;
}
