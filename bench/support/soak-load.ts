// bench:soak's traffic (issue 35), each kind a loop that runs until `stop()`: customers writing at
// a fixed rate, attendants accepting, answering and closing, customers walking the menu, internal
// chat, report downloads, a few sockets that drop and come back. Every timing goes into a
// Recorder, which soak.ts empties once per interval; what must not be lost is kept apart.
import { io } from "socket.io-client";
import { addDays, dayOf } from "@atendo/contracts";
import { pool } from "./server-api.js";
import { call, type Attendant, type Install } from "./soak-setup.js";
import { absoluteNow } from "./socket-clients.js";

export const paths = ["inbound", "reply", "menuAnswer", "chat", "report", "delivery", "reconnect"] as const;
export type Path = (typeof paths)[number];

/** Latency samples (ms) and failures per path since the last `take()`. */
export class Recorder {
  private samples = new Map<Path, number[]>(paths.map((path) => [path, []]));
  private errors = new Map<Path, number>();
  lastError = new Map<Path, string>();

  add(path: Path, ms: number): void {
    this.samples.get(path)!.push(ms);
  }

  fail(path: Path, error: unknown): void {
    this.errors.set(path, (this.errors.get(path) ?? 0) + 1);
    this.lastError.set(path, String(error).slice(0, 300));
  }

  /** Times `work`, recording its duration under `path` or a failure. */
  async time<T>(path: Path, work: () => Promise<T>): Promise<T | undefined> {
    const started = performance.now();
    try {
      const result = await work();
      this.add(path, performance.now() - started);
      return result;
    } catch (error) {
      this.fail(path, error);
      return undefined;
    }
  }

  take(): { samples: Map<Path, number[]>; errors: Map<Path, number> } {
    const taken = { samples: this.samples, errors: this.errors };
    this.samples = new Map(paths.map((path) => [path, []]));
    this.errors = new Map();
    return taken;
  }
}

export interface Rates {
  inboundPerSecond: number;
  customers: number;
  /** Attendants that answer (the others only listen), and how often each answers. */
  responders: number;
  replyEverySeconds: number;
  closeShare: number;
  menuWalkEverySeconds: number;
  menuCustomers: number;
  chatPerSecond: number;
  reportEverySeconds: number;
  /** The attendants whose socket drops and comes back once a minute. */
  reconnecting: number;
}

/** What soak.ts checks at the end: every inbound the server acknowledged, every reply it accepted. */
export interface Ledger {
  ackedInbound: string[];
  acceptedReplies: Set<number>;
}

/** Requests under way beyond which the inbound loop skips a send (and counts it): a stalled server must not drown in retries of the bench. */
const maxInflight = 1_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export class Load {
  readonly recorder = new Recorder();
  readonly ledger: Ledger = { ackedInbound: [], acceptedReplies: new Set() };
  /** Inbound bodies of the current socket label, when sent (absolute ms): the deliveries' start. */
  sentAt = new Map<string, number>();
  label = "s0";
  private running = true;
  private readonly loops: Promise<void>[] = [];
  private readonly inflight = new Set<Promise<unknown>>();
  /** Per responder: tickets with a customer message not yet answered (oldest first: a Set keeps order). */
  private readonly waiting: Set<number>[];
  private readonly accepted: Set<number>[];
  private inboundSeq = 0;
  private replySeq = 0;
  /** Inbound POSTs not sent because too many were unanswered (the server stalled): reported, never hidden. */
  skippedInbound = 0;

  constructor(
    private readonly setup: Install,
    private readonly rates: Rates,
  ) {
    this.waiting = Array.from({ length: rates.responders }, () => new Set());
    this.accepted = Array.from({ length: rates.responders }, () => new Set());
  }

  /**
   * Every customer's first message, before the paced load (as bench:ingest warms up): the soak
   * measures a team's steady day with conversations under way, not 2,000 tickets opened in 20 s.
   */
  async prime(concurrency = 32): Promise<number> {
    const started = performance.now();
    await pool(this.rates.customers, concurrency, (customer) => this.postInbound(customer, `soak-first-${customer}`, `First message of customer ${customer}`).then(() => undefined));
    return (performance.now() - started) / 1000;
  }

  start(): void {
    const { rates } = this;
    this.loops.push(this.inboundLoop());
    for (let r = 0; r < rates.responders; r++) this.loops.push(this.responderLoop(r));
    this.loops.push(this.every(rates.menuWalkEverySeconds * 1000, (n) => this.walkMenu(n)));
    this.loops.push(this.every(1000 / rates.chatPerSecond, (n) => this.chat(n)));
    this.loops.push(this.every(rates.reportEverySeconds * 1000, (n) => this.report(n)));
    for (let k = 0; k < rates.reconnecting; k++) this.loops.push(this.reconnectLoop(this.setup.attendants.at(-1 - k)!, k));
  }

  async stop(): Promise<void> {
    this.running = false;
    await Promise.all(this.loops);
    await Promise.all(this.inflight);
  }

  /** Runs `task(n)` every `ms` without waiting for it (a slow answer does not slow the rate), until stopped. */
  private async every(ms: number, task: (n: number) => Promise<unknown>): Promise<void> {
    const t0 = performance.now();
    for (let n = 0; this.running; n++) {
      const wait = t0 + n * ms - performance.now();
      if (wait > 0) await sleep(wait);
      if (!this.running) break;
      const promise = task(n);
      this.inflight.add(promise);
      void promise.finally(() => this.inflight.delete(promise));
    }
  }

  private async inboundLoop(): Promise<void> {
    await this.every(1000 / this.rates.inboundPerSecond, async () => {
      if (this.inflight.size > maxInflight) return void this.skippedInbound++;
      const n = this.inboundSeq++;
      const customer = n % this.rates.customers;
      const body = `${this.label}-${this.queueOf(customer)}-${n}`;
      this.sentAt.set(body, absoluteNow());
      await this.postInbound(customer, `soak-${n}`, body);
    });
  }

  private queueOf(customer: number): number {
    return customer % this.setup.inbound.length;
  }

  /** One customer message, timed; once acknowledged it is in the ledger and waits for its responder. */
  private async postInbound(customer: number, externalId: string, body: string): Promise<void> {
    const queues = this.setup.inbound.length;
    const queue = this.queueOf(customer);
    const number = `5594${String(100_000_000 + customer)}`;
    const answer = await this.recorder.time("inbound", () => this.setup.inbound[queue]!({ externalId, number, name: `Customer ${customer}`, body }));
    if (!answer) return;
    this.ledger.ackedInbound.push(externalId);
    // The responder of this ticket: one of its queue's, by ticket id (responder r is attendant r, in queue r mod queues).
    this.waiting[queue + queues * (answer.ticketId % (this.rates.responders / queues))]!.add(answer.ticketId);
  }

  /** One attendant: every few seconds takes the oldest ticket waiting for them, accepts it if not theirs yet, answers, sometimes closes. */
  private async responderLoop(r: number): Promise<void> {
    const attendant = this.setup.attendants[r]!;
    const everyMs = this.rates.replyEverySeconds * 1000;
    // Spread over the period, so the replies do not come in bursts.
    await sleep((everyMs * r) / this.rates.responders);
    await this.every(everyMs, async () => {
      const waiting = this.waiting[r]!;
      const ticketId = waiting.values().next().value;
      if (ticketId === undefined) return;
      waiting.delete(ticketId);
      const accepted = this.accepted[r]!;
      if (!accepted.has(ticketId)) {
        // A ticket this attendant closed may have been reopened as theirs: a refusal here is not a failure of the path measured.
        await call(attendant.session, "PUT", `/api/tickets/${ticketId}`, { status: "open", action: "assigned" }).catch(() => undefined);
        accepted.add(ticketId);
      }
      const body = `Reply ${this.replySeq++} from attendant ${r}`;
      const sent = await this.recorder.time("reply", () => attendant.session.post<{ messages: { id: number }[] }>(`/api/messages/${ticketId}`, { body }));
      for (const message of sent?.messages ?? []) this.ledger.acceptedReplies.add(message.id);
      if (sent && Math.random() < this.rates.closeShare) {
        await call(attendant.session, "PUT", `/api/tickets/${ticketId}`, { status: "closed", action: "closed" }).catch((error: unknown) => this.recorder.fail("reply", error));
        accepted.delete(ticketId);
      }
    });
  }

  /** A customer of the menu connection walks it: first message (main menu), "1" (sub-menu), "1" (queue); then the admin closes it, so the next walk starts over. */
  private async walkMenu(n: number): Promise<void> {
    const customer = n % this.rates.menuCustomers;
    const number = `5593${String(100_000_000 + customer)}`;
    const steps = [`Hello, menu customer ${customer}`, "1", "1"];
    let ticketId: number | undefined;
    for (const [step, body] of steps.entries()) {
      const post = () => this.setup.menu({ externalId: `soak-menu-${n}-${step}`, number, name: `Menu customer ${customer}`, body });
      const answer = step === 0 ? await post().catch((error: unknown) => void this.recorder.fail("menuAnswer", error)) : await this.recorder.time("menuAnswer", post);
      if (!answer) return;
      this.ledger.ackedInbound.push(`soak-menu-${n}-${step}`);
      ticketId = answer.ticketId;
    }
    await call(this.setup.admin, "PUT", `/api/tickets/${ticketId}`, { status: "closed", action: "closed" }).catch((error: unknown) => this.recorder.fail("menuAnswer", error));
  }

  private async chat(n: number): Promise<void> {
    const chat = this.setup.chats[n % this.setup.chats.length]!;
    const sender = this.setup.attendants[chat.participants[n % chat.participants.length]!]!;
    await this.recorder.time("chat", () => sender.session.post(`/api/chatmessages/${chat.id}`, { body: `Soak chat ${n}` }));
  }

  /** Alternately the last week's CSV of every ticket and its charts, read to the last byte. */
  private async report(n: number): Promise<void> {
    const startDate = addDays(dayOf(new Date(), "UTC"), -6);
    const path = n % 2 === 0 ? `/api/reports/tickets?startDate=${startDate}&action=download&language=en` : `/api/reports/charts?startDate=${startDate}`;
    await this.recorder.time("report", async () => {
      const response = await fetch(`${this.setup.admin.base}${path}`, { headers: { authorization: `Bearer ${this.setup.admin.token}` }, signal: AbortSignal.timeout(120_000) });
      const text = await response.text();
      if (!response.ok) throw new Error(`GET ${path}: ${response.status} ${text.slice(0, 200)}`);
    });
  }

  /** An attendant's socket (not one of the client processes') that drops and reconnects every minute; the connect is timed. */
  private async reconnectLoop(attendant: Attendant, k: number): Promise<void> {
    await sleep(k * 6_000);
    await this.every(60_000, async () => {
      const socket = io(attendant.session.base, { path: "/socket.io", auth: { token: attendant.session.token, joinNotification: true }, transports: ["websocket"], reconnection: false });
      try {
        await this.recorder.time(
          "reconnect",
          () =>
            new Promise<void>((resolve, reject) => {
              socket.once("connect", resolve);
              socket.once("connect_error", reject);
            }),
        );
        // Stays connected most of the minute (hears its queue as the others do), then drops.
        if (socket.connected) await this.pause(50_000);
      } finally {
        socket.close();
      }
    });
  }

  /** Waits `ms`, or less once stopped. */
  private async pause(ms: number): Promise<void> {
    const until = performance.now() + ms;
    while (this.running && performance.now() < until) await sleep(Math.min(500, until - performance.now()));
  }
}
