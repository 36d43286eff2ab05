/**
 * The seam between one connection and the rest of Atendo. A driver speaks one protocol
 * (WhatsApp through Baileys, the HTTP API channel, …); everything after it — contacts, tickets,
 * messages, routing, events — is the driver-independent pipeline (channels/pipeline/).
 */
import type { ConnectionStatus, MessageAck, MessageMediaType } from "@atendo/contracts";

export type { ConnectionStatus };

/** Spec §3 media types of a message (the contract's list). */
export type MediaType = MessageMediaType;

/** Delivery state as the spec numbers it (the contract's list): 0 pending, 1 sent, 3 delivered, 4 read, 5 played. */
export type Ack = MessageAck;

export interface InboundMedia {
  /** Raw bytes; the pipeline stores them under a unique name. */
  data: Buffer;
  mimeType: string;
  fileName?: string;
}

/** A message the driver received (or saw sent from the phone itself: fromMe). */
export interface InboundMessage {
  /** The protocol's id, unique per connection: storing is idempotent on it. */
  externalId: string;
  /** The customer (or the group) the conversation is with. */
  chat: { number: string; name?: string; isGroup: boolean; profilePicUrl?: string };
  /** In a group, who wrote it. */
  sender?: { number: string; name?: string };
  fromMe: boolean;
  body: string;
  mediaType: MediaType;
  media?: InboundMedia;
  quotedExternalId?: string;
  timestamp: Date;
}

export interface SessionUpdate {
  status: ConnectionStatus;
  qrcode?: string;
  retries?: number;
  /** The connected phone number (becomes the connection's name). */
  number?: string;
}

/** What a driver reports; the manager wires these to the pipeline and the database. */
export interface DriverEvents {
  onSession(update: SessionUpdate): Promise<void>;
  onMessage(message: InboundMessage): Promise<void>;
  onAck(externalId: string, ack: Ack): Promise<void>;
  onEdit(externalId: string, body: string): Promise<void>;
  onDelete(externalId: string): Promise<void>;
  /**
   * The channel learned that `alias` (digits a contact may have been stored under before the real
   * number was known: a WhatsApp LID) is the number `number`.
   */
  onIdentity(alias: string, number: string): Promise<void>;
}

export interface OutboundMessage {
  /** Atendo's message id: drivers that deliver asynchronously report acks against it. */
  messageId: number;
  to: { number: string; isGroup: boolean };
  body: string;
  media?: { path: string; mimeType: string; fileName: string };
  quotedExternalId?: string;
}

export interface ChannelDriver {
  /** Connects (or resumes) and keeps the session alive; must not throw for a broken session. */
  start(): Promise<void>;
  /** Closes the connection but keeps the session, so the next start resumes it. */
  stop(): Promise<void>;
  /** Ends the session for good (a new pairing is needed). */
  logout(): Promise<void>;
  /** Sends a message; returns its external id, or throws AppError("ERR_SENDING_WAPP_MSG"). */
  send(message: OutboundMessage): Promise<{ externalId: string }>;
  deleteMessage(to: { number: string; isGroup: boolean }, externalId: string, fromMe: boolean): Promise<void>;
  /** Whether the number can receive messages on this channel (ERR_WAPP_INVALID_CONTACT when not). */
  checkNumber(number: string): Promise<boolean>;
}

export type DriverFactory = (connectionId: number, events: DriverEvents) => ChannelDriver;
