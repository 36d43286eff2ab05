/**
 * Test doubles for the driver: a fake Baileys socket whose `ev` carries the library's real event
 * names and payload types (BaileysEventMap), and a recorder of what the driver reports. Waiting is
 * done on events, never on time.
 */
import { EventEmitter } from "node:events";
import type { AnyMessageContent, BaileysEventEmitter, BaileysEventMap, Contact, MiscMessageGenerationOptions, UserFacingSocketConfig, WAMessage } from "baileys";
import { DisconnectReason, WAProto } from "baileys";
import type { Db } from "../db/client.js";
import { connections } from "../db/schema/connections.js";
import type { Ack, DriverEvents, InboundMessage, InboundOutcome, MessageRef, SessionUpdate } from "../channels/channel-driver.js";
import type { WaSocket } from "../channels/whatsapp/socket-types.js";
import type { WhatsappDriver, WhatsappDriverDeps } from "../channels/whatsapp/driver-types.js";
import { createWhatsappDriver } from "../channels/whatsapp/whatsapp-driver.js";

/** Resolves `until` waits whenever something changes; fails fast instead of hanging. */
export class Changes {
  private waiters = new Set<() => void>();

  notify(): void {
    for (const wake of [...this.waiters]) wake();
  }

  until<T>(check: () => T | undefined | false, what = "condition", ms = 5000): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const wake = () => {
        const value = check();
        if (value === undefined || value === false) return;
        this.waiters.delete(wake);
        clearTimeout(timer);
        resolve(value);
      };
      const timer = setTimeout(() => {
        this.waiters.delete(wake);
        reject(new Error(`timed out waiting for ${what}`));
      }, ms);
      this.waiters.add(wake);
      wake();
    });
  }
}

/** A disconnect error shaped like Baileys' Boom (what `lastDisconnect.error.output.statusCode` reads). */
export function boom(statusCode: number, message = "closed"): Error {
  return Object.assign(new Error(message), { isBoom: true, output: { statusCode, payload: { statusCode, message } } });
}

export class FakeSocket implements WaSocket {
  private readonly emitter = new EventEmitter();
  readonly ev: BaileysEventEmitter = {
    on: (event, listener) => void this.emitter.on(event, listener),
    off: (event, listener) => void this.emitter.off(event, listener),
    removeAllListeners: (event) => void this.emitter.removeAllListeners(event),
    emit: (event, arg) => this.emitter.emit(event, arg),
  };
  user: Contact | undefined;
  closed = false;
  loggedOut = false;
  readonly sent: { jid: string; content: AnyMessageContent; options?: MiscMessageGenerationOptions }[] = [];
  /** Set to make sendMessage fail. */
  sendError: Error | undefined;
  pictureCalls = 0;
  pictureError: Error | undefined;
  pairingCodeFor: string | undefined;
  private nextId = 0;

  constructor(
    readonly config: UserFacingSocketConfig,
    private readonly changes: Changes,
  ) {}

  emit<T extends keyof BaileysEventMap>(event: T, arg: BaileysEventMap[T]): void {
    this.ev.emit(event, arg);
  }

  qr(code: string): void {
    this.emit("connection.update", { qr: code });
  }

  open(id = "5511999990000:7@s.whatsapp.net", lid?: string): void {
    this.user = { id, ...(lid ? { lid } : {}) };
    this.emit("connection.update", { connection: "open" });
  }

  /** A drop as Baileys reports it (the socket then is dead, like the real one). */
  drop(statusCode: number): void {
    this.end(boom(statusCode));
  }

  // Like Baileys' end(): one close event, then connection.update listeners are removed.
  end = (error: Error | undefined): void => {
    if (this.closed) return;
    this.closed = true;
    this.emit("connection.update", { connection: "close", lastDisconnect: { error, date: new Date() } });
    this.emitter.removeAllListeners("connection.update");
    this.changes.notify();
  };

  logout = async (): Promise<void> => {
    this.loggedOut = true;
    this.end(boom(DisconnectReason.loggedOut, "Intentional Logout"));
  };

  sendMessage = async (jid: string, content: AnyMessageContent, options?: MiscMessageGenerationOptions) => {
    if (this.sendError) throw this.sendError;
    this.sent.push({ jid, content, ...(options ? { options } : {}) });
    this.changes.notify();
    // Baileys returns the WebMessageInfo it relayed; its key id is the message's external id.
    return WAProto.WebMessageInfo.fromObject({ key: { remoteJid: jid, fromMe: true, id: `OUT${++this.nextId}` }, status: WAProto.WebMessageInfo.Status.PENDING });
  };

  onWhatsApp = async (...jids: string[]) => jids.map((jid) => ({ jid, exists: !jid.startsWith("000") }));

  profilePictureUrl = async (jid: string): Promise<string | undefined> => {
    this.pictureCalls += 1;
    if (this.pictureError) throw this.pictureError;
    return `https://pps.whatsapp.net/${jid.split("@")[0]}.jpg`;
  };

  groupMetadata: WaSocket["groupMetadata"] = async (jid) => ({ id: jid, owner: undefined, subject: "Support group", participants: [] });

  requestPairingCode = async (phone: string): Promise<string> => {
    this.pairingCodeFor = phone;
    return "ABCD1234";
  };

  updateMediaMessage = async (message: WAMessage): Promise<WAMessage> => message;
}

/** Records every report of the driver; `until` waits for one. */
export class Recorder implements DriverEvents {
  readonly sessions: SessionUpdate[] = [];
  readonly messages: InboundMessage[] = [];
  readonly acks: [string, Ack][] = [];
  readonly edits: [string, string][] = [];
  readonly deletes: string[] = [];
  readonly identities: [string, string][] = [];
  /** Makes the next onMessage calls for these external ids throw. */
  readonly failOn = new Set<string>();

  constructor(readonly changes: Changes) {}

  async onSession(update: SessionUpdate) {
    this.sessions.push(update);
    this.changes.notify();
  }

  async onMessage(message: InboundMessage) {
    if (this.failOn.has(message.externalId)) throw new Error("pipeline down");
    this.messages.push(message);
    this.changes.notify();
  }

  /** The WhatsApp driver only pushes; a call here is a test failure. */
  async receiveMessage(message: InboundMessage): Promise<InboundOutcome | null> {
    throw new Error(`the WhatsApp driver does not ask to receive ${message.externalId}`);
  }

  async receiveAck(ref: MessageRef): Promise<boolean> {
    throw new Error(`the WhatsApp driver does not ask to receive an ack of ${JSON.stringify(ref)}`);
  }

  async onAck(externalId: string, ack: Ack) {
    this.acks.push([externalId, ack]);
    this.changes.notify();
  }

  async onEdit(externalId: string, body: string) {
    this.edits.push([externalId, body]);
    this.changes.notify();
  }

  async onDelete(externalId: string) {
    this.deletes.push(externalId);
    this.changes.notify();
  }

  async onIdentity(alias: string, number: string) {
    this.identities.push([alias, number]);
    this.changes.notify();
  }

  statuses(): string[] {
    return this.sessions.map((s) => s.status);
  }

  session(status: SessionUpdate["status"], nth = 1): Promise<SessionUpdate> {
    return this.changes.until(() => this.sessions.filter((s) => s.status === status)[nth - 1], `session ${status} #${nth}`);
  }

  message(externalId: string): Promise<InboundMessage> {
    return this.changes.until(() => this.messages.find((m) => m.externalId === externalId), `message ${externalId}`);
  }
}

export interface Harness {
  connectionId: number;
  driver: WhatsappDriver;
  events: Recorder;
  changes: Changes;
  sockets: FakeSocket[];
  /** Backoff attempts the driver waited for (instantly). */
  attempts: number[];
  /** Waits for the nth socket the driver created (1-based). */
  socket(nth: number): Promise<FakeSocket>;
}

export interface HarnessOptions {
  /** The first n makeSocket calls throw (a socket that cannot even be created). */
  failingSockets?: number;
  /** Replaces the recorder (e.g. one whose reports fail). */
  recorder?: (changes: Changes) => Recorder;
}

/** A `makeSocket` that makes fake sockets, keeps each in `sockets` in order and tells `changes`. */
export function recordingSockets(changes: Changes, sockets: FakeSocket[]): (config: UserFacingSocketConfig) => FakeSocket {
  return (config) => {
    const socket = new FakeSocket(config, changes);
    sockets.push(socket);
    changes.notify();
    return socket;
  };
}

/** A driver on a new connection row, with fake sockets, instant backoff and fake media bytes. */
export async function driverHarness(db: Db, deps: Partial<WhatsappDriverDeps> = {}, options: HarnessOptions = {}): Promise<Harness> {
  const [row] = await db.insert(connections).values({ name: "WhatsApp" }).returning({ id: connections.id });
  const connectionId = row!.id;
  const changes = new Changes();
  const events = options.recorder?.(changes) ?? new Recorder(changes);
  const sockets: FakeSocket[] = [];
  const record = recordingSockets(changes, sockets);
  const attempts: number[] = [];
  let failing = options.failingSockets ?? 0;
  const driver = createWhatsappDriver({
    db,
    makeSocket: (config) => {
      if (failing-- > 0) throw new Error("cannot create the socket");
      return record(config);
    },
    backoff: async (attempt) => {
      attempts.push(attempt);
      changes.notify();
    },
    downloadMedia: async (msg) => Buffer.from(`bytes of ${msg.key.id}`),
    ...deps,
  })(connectionId, events);
  return {
    connectionId,
    driver,
    events,
    changes,
    sockets,
    attempts,
    socket: (nth) => changes.until(() => sockets[nth - 1], `socket #${nth}`),
  };
}

/** A message as Baileys decodes it off the wire (a real protobuf instance). */
export function waMessage(id: string, message: object, key: object = {}, extra: object = {}): WAMessage {
  return WAProto.WebMessageInfo.fromObject({
    key: { remoteJid: "5511988887777@s.whatsapp.net", fromMe: false, id, ...key },
    messageTimestamp: 1_700_000_000,
    pushName: "Maria",
    message,
    ...extra,
  });
}

/** What Baileys does once the phone scans the QR: registered creds, creds.update, then a 515 restart. */
export function pair(socket: FakeSocket, meId = "5511999990000:7@s.whatsapp.net"): void {
  Object.assign(socket.config.auth.creds, { registered: true, me: { id: meId, name: "Shop" } });
  socket.emit("creds.update", { registered: true, me: { id: meId, name: "Shop" } });
  socket.drop(DisconnectReason.restartRequired);
}
