/**
 * The seam between one connection and the rest of Atendo. A driver speaks one protocol
 * (WhatsApp through Baileys, the HTTP API channel, …) and reports what arrives through
 * DriverEvents, which the channel manager wires to the driver-independent pipeline
 * (channels/pipeline/): the one way in. Outgoing messages leave through `send`, called by the
 * message delivery (modules/messages/delivery/).
 */
import type { ConnectionStatus, MessageAck, MessageMediaType, Signer } from "@atendo/contracts";
import type { DomainEvent } from "../events/domain-events.js";

export type { ConnectionStatus };

/** Spec §3 media types of a message (the contract's list). */
export type MediaType = MessageMediaType;

/** Delivery state as the spec numbers it (the contract's list): 0 pending, 1 sent, 3 delivered, 4 read, 5 played. */
export type Ack = MessageAck;

/**
 * A received file: its bytes (a driver that downloaded it: small media), or a file on disk
 * (an upload streamed to a temporary file: large documents). The pipeline stores either under a
 * unique name; a file on disk is hard-linked, not copied, and stays its owner's to remove.
 */
export type InboundMedia = { mimeType: string; fileName?: string } & ({ data: Buffer; path?: undefined } | { path: string; data?: undefined });

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

/** A message of a connection, named by the channel's id or by Atendo's. */
export type MessageRef = { externalId: string } | { messageId: number };

/** What storing an inbound message did. */
export interface InboundOutcome {
  messageId: number;
  ticketId: number;
  /** Already stored (a redelivery): nothing changed, nothing was announced. */
  duplicate: boolean;
}

export interface SessionUpdate {
  status: ConnectionStatus;
  qrcode?: string;
  retries?: number;
  /** The connected phone number (becomes the connection's name). */
  number?: string;
  /** Why a TIMEOUT happened when the channel could not be reached (the network error). */
  detail?: string;
}

/**
 * What a driver reports; the manager wires these to the pipeline and the database. Pushed
 * events (`on…`) never reject: the channel has already told the other side it got them, so a
 * message that cannot be stored is retried and kept for replay. Answered events (`receive…`)
 * come from a caller that waits (the API channel's HTTP calls): their outcome or error goes back
 * to it, and it retries.
 */
export interface DriverEvents {
  onSession(update: SessionUpdate): Promise<void>;
  onMessage(message: InboundMessage): Promise<void>;
  /** Stores a message once or throws the refusal; null when the connection ignores it (a group message). */
  receiveMessage(message: InboundMessage): Promise<InboundOutcome | null>;
  /** Moves an ack forward; false when the connection has no such message. */
  receiveAck(ref: MessageRef, ack: Ack): Promise<boolean>;
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

export interface SendResult {
  externalId: string;
  sent?: boolean;
  /**
   * The durable event whose listener delivers the message later (the API channel's webhook):
   * published with the hand-over, in its transaction, so a message dispatched again after a
   * crash owes it once (docs/decisions/0023, 0058).
   */
  deliverLater?: DomainEvent;
}

export interface ChannelDriver {
  /** Connects (or resumes) and keeps the session alive; must not throw for a broken session. */
  start(): Promise<void>;
  /** Closes the connection but keeps the session, so the next start resumes it. */
  stop(): Promise<void>;
  /** Ends the session for good (a new pairing is needed). */
  logout(): Promise<void>;
  /**
   * Sends a message; returns its external id, or throws AppError("ERR_SENDING_WAPP_MSG").
   * `sent` when the channel took it for good at once (ack 1 with nothing further to confirm: the
   * API channel without a webhook); otherwise acks arrive later through the events.
   */
  send(message: OutboundMessage): Promise<SendResult>;
  deleteMessage(to: { number: string; isGroup: boolean }, externalId: string, fromMe: boolean): Promise<void>;
  /** Whether the number can receive messages on this channel (ERR_WAPP_INVALID_CONTACT when not). */
  checkNumber(number: string): Promise<boolean>;
}

/**
 * How a channel writes what Atendo adds to a message, declared by each channel beside its driver
 * and registered by kind (channel-formats.ts): needed when a message is stored, on any instance,
 * whether or not the connection's driver runs there.
 */
export interface ChannelFormat {
  /** The line the attendant's signature puts before their text (spec §2); null for none (a blank name). */
  signatureLine(signer: Signer): string | null;
}

export type DriverFactory = (connectionId: number, events: DriverEvents) => ChannelDriver;
