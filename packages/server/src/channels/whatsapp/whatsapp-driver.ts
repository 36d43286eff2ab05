/**
 * The WhatsApp channel over Baileys: one socket per connection, its session in the database,
 * statuses as the spec's §3/§4 (OPENING → qrcode(retries) → CONNECTED; PAIRING; TIMEOUT when
 * nobody scans, or when WhatsApp cannot be reached for a bounded time: then with the network error as
 * its detail), reconnection with backoff that resumes the stored session (no new QR), and
 * nothing thrown out of an event handler: one broken connection must not take the process down.
 */
import { DisconnectReason, downloadMediaMessage, makeWASocket, type BaileysEventMap, type ConnectionState } from "baileys";
import { normalizeNumber } from "@atendo/contracts";
import { AppError } from "../../core/app-error.js";
import type { DriverEvents, OutboundMessage, SessionUpdate } from "../channel-driver.js";
import { clearAuthState, loadAuthState, type DbAuthState } from "./auth-state.js";
import { createInbound, type Inbound } from "./inbound.js";
import { createLidMap, jidNumber, type LidMap } from "./lid-map.js";
import { socketConfig, type WhatsappDriver, type WhatsappDriverDeps } from "./driver-types.js";
import { createOutbound, type ChatAddress, type Outbound } from "./outbound.js";
import type { MakeSocket, WaSocket } from "./socket-types.js";
import {
  disconnectCode,
  errorText,
  exponentialBackoff,
  RecentSet,
  serialQueue,
  silentLogger,
  withTimeout,
  type Backoff,
  type ILogger,
  type SerialQueue,
} from "./support.js";

/** A logout request that gets no answer must not hold the disconnect forever. */
const LOGOUT_TIMEOUT_MS = 15_000;

/** How long OPENING may last without reaching WhatsApp (a QR or an open session); docs/decisions/0044. */
export const DEFAULT_OPENING_TIMEOUT_MS = 45_000;

/** Closes that mean the stored session is dead: only a new pairing helps. */
const SESSION_GONE = new Set<number>([DisconnectReason.loggedOut, DisconnectReason.forbidden, DisconnectReason.multideviceMismatch]);

/** The DriverFactory of WhatsApp connections: `createWhatsappDriver({ db, logger })`. */
export function createWhatsappDriver(deps: WhatsappDriverDeps): (connectionId: number, events: DriverEvents) => WhatsappDriver {
  return (connectionId, events) => new WhatsappConnection(deps, connectionId, events);
}

class WhatsappConnection implements WhatsappDriver {
  private readonly log: ILogger;
  private readonly makeSocket: MakeSocket;
  private readonly backoff: Backoff;
  private readonly maxQrRefreshes: number;
  private readonly openingTimeoutMs: number;
  private readonly lidMap: LidMap;
  private readonly sentIds = new RecentSet();
  private readonly inbound: Inbound;
  private readonly outbound: Outbound;
  /** Message events, in arrival order. */
  private readonly messages: SerialQueue;
  /** Connection events and status reports, in order. */
  private readonly lifecycle: SerialQueue;

  private sock: WaSocket | undefined;
  private auth: DbAuthState | undefined;
  /** Bumped whenever the current socket is abandoned: events of older sockets are ignored. */
  private generation = 0;
  private running = false;
  private connected = false;
  private pairing = false;
  private qrCount = 0;
  private attempt = 0;
  /**
   * Started by the first failure to reach WhatsApp (a socket that dies before a QR or an open
   * session; Baileys bounds a silent socket by its own connect timeout) and stopped once it is
   * reached; when it fires, the session gives up with TIMEOUT.
   */
  private openingTimer: NodeJS.Timeout | undefined;
  /** Why the last socket failed: the detail of a TIMEOUT for an unreachable WhatsApp. */
  private lastError = "";
  /** TIMEOUT for an unreachable WhatsApp was reported: further drops stay quiet until it is reached. */
  private unreachable = false;

  constructor(
    private readonly deps: WhatsappDriverDeps,
    private readonly connectionId: number,
    private readonly events: DriverEvents,
  ) {
    this.log = (deps.logger ?? silentLogger).child({ connectionId, channel: "whatsapp" });
    this.makeSocket = deps.makeSocket ?? makeWASocket;
    this.backoff = deps.backoff ?? exponentialBackoff;
    this.maxQrRefreshes = deps.maxQrRefreshes ?? 5;
    this.openingTimeoutMs = deps.openingTimeoutMs ?? DEFAULT_OPENING_TIMEOUT_MS;
    const report = (what: string) => (error: unknown) => this.log.error({ error: errorText(error) }, what);
    this.messages = serialQueue(report("whatsapp message event failed"));
    this.lifecycle = serialQueue(report("whatsapp connection event failed"));
    // A contact stored under a LID's digits (no mapping yet) takes the phone number once it is known.
    this.lidMap = createLidMap(deps.db, connectionId, (lid, phone) => events.onIdentity(lid, phone));
    this.outbound = createOutbound({
      log: this.log,
      sentIds: this.sentIds,
      findQuoted: deps.findQuoted && ((externalId) => deps.findQuoted!(connectionId, externalId)),
    });
    this.inbound = createInbound({
      events,
      lidMap: this.lidMap,
      logger: this.log,
      now: deps.now ?? (() => new Date()),
      sentIds: this.sentIds,
      downloaderFor: (socket) =>
        deps.downloadMedia ??
        ((msg) => downloadMediaMessage(msg, "buffer", {}, { logger: this.log, reuploadRequest: socket.updateMediaMessage })),
    });
  }

  async start(): Promise<void> {
    if (this.running) return;
    this.running = true;
    this.qrCount = 0;
    this.pairing = false;
    this.attempt = 0;
    this.unreachable = false;
    this.lastError = "";
    await this.lifecycle.run(() => this.report({ status: "OPENING", qrcode: "", retries: 0 }));
    await this.connect();
  }

  async stop(): Promise<void> {
    this.running = false;
    this.disarmOpeningTimer();
    this.abandonSocket();
    // Let in-flight messages and the last credential write finish before the caller moves on.
    await this.messages.idle();
    await this.auth?.idle();
  }

  async logout(): Promise<void> {
    const socket = this.sock;
    const auth = this.auth;
    this.running = false;
    this.disarmOpeningTimer();
    this.generation += 1; // the close that logout provokes is ours, not a drop
    this.sock = undefined;
    this.connected = false;
    await this.lifecycle.run(() => this.report({ status: "DISCONNECTING" }));
    try {
      // Tells WhatsApp to unlink this device; best effort (it may already be gone or offline).
      if (socket) await withTimeout(socket.logout(), LOGOUT_TIMEOUT_MS);
    } catch (error) {
      this.log.warn({ error: errorText(error) }, "whatsapp logout request failed");
      this.endQuietly(socket);
    }
    await this.messages.idle();
    await auth?.idle();
    await clearAuthState(this.deps.db, this.connectionId);
    // No socket runs now: "qrcode" without a code = a new pairing is needed (start() shows one).
    await this.lifecycle.run(() => this.report({ status: "qrcode", qrcode: "", retries: 0 }));
  }

  async requestPairingCode(phone: string): Promise<string> {
    const socket = this.sock;
    if (!this.running || !socket) throw new AppError("ERR_WAPP_NOT_INITIALIZED");
    let code: string;
    try {
      code = await socket.requestPairingCode(normalizeNumber(phone));
    } catch (error) {
      throw new AppError("ERR_WAPP_NOT_INITIALIZED", 502, `Could not request a pairing code: ${errorText(error)}`);
    }
    this.pairing = true;
    await this.lifecycle.run(() => this.report({ status: "PAIRING", qrcode: "", retries: 0 }));
    return code;
  }

  // async: "not connected" must reject like every other failure, not throw synchronously.
  async send(message: OutboundMessage): Promise<{ externalId: string }> {
    return this.outbound.send(this.connectedSocket(), message);
  }

  async deleteMessage(to: ChatAddress, externalId: string, fromMe: boolean): Promise<void> {
    return this.outbound.remove(this.connectedSocket(), to, externalId, fromMe);
  }

  async checkNumber(number: string): Promise<boolean> {
    return this.outbound.check(this.connectedSocket(), number);
  }

  private connectedSocket(): WaSocket {
    if (!this.connected || !this.sock) throw new AppError("WPP_NOT_CONNECTED");
    return this.sock;
  }

  private async report(update: SessionUpdate): Promise<void> {
    await this.events.onSession(update);
  }

  /** Opens a socket on the stored session (a fresh one when there is none). Never throws. */
  private async connect(): Promise<void> {
    const generation = ++this.generation;
    this.connected = false;
    try {
      // Pairing ends with creds.update then a restart: read the session only once it is written.
      await this.auth?.idle();
      const auth = await loadAuthState(this.deps.db, this.connectionId);
      if (generation !== this.generation || !this.running) return;
      const socket = this.makeSocket(socketConfig(this.deps, this.connectionId, auth, this.log));
      this.auth = auth;
      this.sock = socket;
      this.bind(socket, generation, auth);
    } catch (error) {
      this.lastError = errorText(error);
      this.log.error({ error: this.lastError }, "whatsapp socket could not start");
      if (generation === this.generation && this.running) {
        this.armOpeningTimer();
        void this.reconnect(generation);
      }
    }
  }

  private bind(socket: WaSocket, generation: number, auth: DbAuthState): void {
    const on = <T extends keyof BaileysEventMap>(event: T, handle: (arg: BaileysEventMap[T]) => Promise<unknown>) => {
      socket.ev.on(event, (arg) => {
        if (generation !== this.generation) return;
        // Baileys calls listeners synchronously: a throw here would break its own processing.
        handle(arg).catch((error: unknown) => this.log.error({ event, error: errorText(error) }, "whatsapp event failed"));
      });
    };
    on("connection.update", (update) => this.lifecycle.run(() => this.onConnection(update, socket, generation, auth)));
    on("creds.update", () => auth.saveCreds());
    on("messages.upsert", ({ messages, type }) => this.messages.run(() => this.inbound.upsert(socket, messages, type)));
    on("messages.update", (updates) => this.messages.run(() => this.inbound.update(updates)));
    // LID ↔ phone pairings, queued with messages so a mapping lands before what follows it.
    on("chats.phoneNumberShare", ({ lid, jid }) => this.messages.run(() => this.lidMap.remember(lid, jid)));
    on("contacts.upsert", (contacts) => this.messages.run(() => this.lidMap.learnFromContacts(contacts)));
    on("contacts.update", (contacts) => this.messages.run(() => this.lidMap.learnFromContacts(contacts)));
    on("messaging-history.set", ({ contacts }) => this.messages.run(() => this.lidMap.learnFromContacts(contacts)));
  }

  private async onConnection(update: Partial<ConnectionState>, socket: WaSocket, generation: number, auth: DbAuthState): Promise<void> {
    if (generation !== this.generation) return;
    if (update.qr) {
      this.reached();
      const retries = this.qrCount++;
      if (retries > this.maxQrRefreshes) return this.timeOut(retries);
      // While pairing by code the QR keeps refreshing underneath; it still counts towards TIMEOUT.
      if (!this.pairing) await this.report({ status: "qrcode", qrcode: update.qr, retries });
    }
    if (update.connection === "open") {
      this.reached();
      this.connected = true;
      this.qrCount = 0;
      this.pairing = false;
      this.attempt = 0;
      await this.lidMap.remember(socket.user?.id, socket.user?.lid);
      await this.report({ status: "CONNECTED", number: jidNumber(socket.user?.id), qrcode: "", retries: 0 });
    }
    if (update.connection === "close") await this.onClose(update, generation, auth);
  }

  private async onClose(update: Partial<ConnectionState>, generation: number, auth: DbAuthState): Promise<void> {
    this.connected = false;
    if (!this.running) return;
    const code = disconnectCode(update.lastDisconnect?.error);
    if (update.lastDisconnect?.error) this.lastError = errorText(update.lastDisconnect.error);
    this.log.info({ code }, "whatsapp connection closed");
    // Only a paired session can be lost; refusals before pairing go through the backoff below,
    // so a number WhatsApp keeps refusing cannot spin a tight reconnect loop.
    if (code !== undefined && SESSION_GONE.has(code) && auth.state.creds.registered) {
      // The phone unlinked this device (or WhatsApp refused it): start over with a fresh QR.
      this.reached(); // WhatsApp answered: the network is fine
      this.generation += 1;
      await auth.idle();
      await clearAuthState(this.deps.db, this.connectionId);
      this.qrCount = 0;
      this.pairing = false;
      this.attempt = 0;
      await this.report({ status: "OPENING", qrcode: "", retries: 0 });
      void this.connect();
      return;
    }
    if (code === DisconnectReason.timedOut && !auth.state.creds.registered && this.qrCount > 0) {
      // Baileys ran out of QR references: nobody scanned.
      return this.timeOut(this.qrCount);
    }
    if (code === DisconnectReason.restartRequired) {
      // Normal right after pairing: reconnect at once on the credentials just stored.
      void this.connect();
      return;
    }
    // Once WhatsApp was declared unreachable, the retries of a paired session go on quietly.
    if (!this.unreachable) {
      await this.report({ status: "OPENING" });
      this.armOpeningTimer();
    }
    void this.reconnect(generation);
  }

  /** Starts the bound of failing attempts, unless it already runs. */
  private armOpeningTimer(): void {
    if (this.openingTimer || !this.running) return;
    this.openingTimer = setTimeout(() => {
      this.openingTimer = undefined;
      void this.lifecycle.run(() => this.giveUpOpening());
    }, this.openingTimeoutMs);
    // A pending bound must not keep a shutting-down process alive.
    this.openingTimer.unref();
  }

  private disarmOpeningTimer(): void {
    clearTimeout(this.openingTimer);
    this.openingTimer = undefined;
  }

  /** WhatsApp answered (a QR or an open session): the network is fine. */
  private reached(): void {
    this.disarmOpeningTimer();
    this.unreachable = false;
  }

  /**
   * OPENING lasted the whole bound without reaching WhatsApp: TIMEOUT with the network error, so
   * the admin sees why instead of a spinner. A paired session keeps retrying on the (capped)
   * backoff, to come back by itself with the network; an unpaired one stops until started again.
   */
  private async giveUpOpening(): Promise<void> {
    if (!this.running || this.connected) return;
    this.unreachable = true;
    const detail = this.lastError;
    this.log.warn({ detail }, "whatsapp could not be reached");
    if (!this.auth?.state.creds.registered) {
      this.running = false;
      this.abandonSocket();
    }
    await this.report({ status: "TIMEOUT", qrcode: "", retries: this.attempt, detail });
  }

  /** Waits the backoff, then reconnects unless stopped or superseded meanwhile. */
  private async reconnect(generation: number): Promise<void> {
    this.attempt += 1;
    try {
      await this.backoff(this.attempt);
    } catch (error) {
      this.log.warn({ error: errorText(error) }, "whatsapp backoff failed");
    }
    if (generation !== this.generation || !this.running) return;
    await this.connect();
  }

  /** Nobody scanned `unscanned` QR codes: stop trying until someone starts the connection again. */
  private async timeOut(unscanned: number): Promise<void> {
    this.running = false;
    this.disarmOpeningTimer();
    this.abandonSocket();
    await this.report({ status: "TIMEOUT", qrcode: "", retries: unscanned });
  }

  private abandonSocket(): void {
    this.generation += 1;
    this.connected = false;
    const socket = this.sock;
    this.sock = undefined;
    this.endQuietly(socket);
  }

  private endQuietly(socket: WaSocket | undefined): void {
    try {
      socket?.end(undefined);
    } catch (error) {
      this.log.debug({ error: errorText(error) }, "whatsapp socket end failed");
    }
  }
}
