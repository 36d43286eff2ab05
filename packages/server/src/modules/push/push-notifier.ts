import type { ConnectionIncident, Mention, Message, PushPayload, SlaTarget, Ticket } from "@atendo/contracts";
import { and, eq, inArray, or, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { PushNotifications } from "../../context-types.js";
import webPush from "web-push";
import type { OutboundGuard } from "../../core/outbound-guard.js";
import { postOutbound } from "../../core/outbound-post.js";
import type { Db } from "../../db/client.js";
import { pushSubscriptions } from "../../db/schema/index.js";
import type { Realtime } from "../../realtime/realtime.js";
import { audienceOf, slaAudience, visibilityOf } from "../tickets/ticket-events.js";
import { incidentNotice, mentionTitle, messagePreview, slaBreachTitle } from "./push-texts.js";
import { loadVapidKeys, type VapidKeys } from "./vapid-keys.js";

type SubscriptionRow = typeof pushSubscriptions.$inferSelect;

/** What a missed SLA target's notification says and who it concerns. */
export interface SlaBreachNotice {
  ticket: { id: number; userId: number | null; queueId: number | null };
  target: SlaTarget;
  contactName: string;
}

export interface PushNotifierDeps {
  db: Db;
  log: FastifyBaseLogger;
  realtime: Realtime;
  guard: OutboundGuard;
  /** VAPID `sub`: who push services contact about this sender (an https URL or mailto:). */
  subject: string;
  /** Other instances share the database (REDIS_URL): their subscriptions are seen by polling. */
  shared: boolean;
}

export interface PushNotifierOptions {
  /** One push service request at most this long. */
  timeoutMs?: number;
  /** Requests in flight at once, for one message. */
  concurrency?: number;
  /** With other instances: how often to ask again whether anybody has subscribed. */
  refreshMs?: number;
}

/** A customer's message as a notification: who wrote, what, and the ticket to open. */
function inboundPayload(ticket: Ticket, message: Message, row: SubscriptionRow): PushPayload {
  return { title: ticket.contact.name || ticket.contact.number, body: messagePreview(message, row.language), tag: `ticket-${ticket.id}`, url: `/tickets/${ticket.id}` };
}

/**
 * Web Push for new inbound messages (docs/decisions/0042). Called after the message's commit and
 * never awaited by it: the sends run in the background, bounded in number and time. Whether anybody
 * subscribed at all is known in memory (asked at start, kept by this instance's changes, and polled
 * when other instances share the database), so an install without subscribers adds no query to a
 * message.
 */
export class PushNotifier implements PushNotifications {
  private vapid: Promise<VapidKeys> | undefined;
  /** Whether any subscription exists; undefined until known. */
  private subscribed: boolean | undefined;
  private readonly refreshTimer: NodeJS.Timeout | undefined;
  private readonly running = new Set<Promise<void>>();
  private readonly timeoutMs: number;
  private readonly concurrency: number;

  constructor(
    private readonly deps: PushNotifierDeps,
    options: PushNotifierOptions = {},
  ) {
    this.timeoutMs = options.timeoutMs ?? 10_000;
    this.concurrency = options.concurrency ?? 8;
    void this.refresh();
    if (deps.shared) this.refreshTimer = setInterval(() => void this.refresh(), options.refreshMs ?? 30_000).unref();
  }

  /** The VAPID keys, loaded (or generated) once per process. */
  keys(): Promise<VapidKeys> {
    this.vapid ??= loadVapidKeys(this.deps.db).catch((error: unknown) => {
      this.vapid = undefined;
      throw error;
    });
    return this.vapid;
  }

  /** A subscription was added (one exists now) or removed (ask again) on this instance. */
  subscriptionsChanged(added: boolean): void {
    if (added) this.subscribed = true;
    else void this.refresh();
  }

  private async refresh(): Promise<void> {
    try {
      const [any] = await this.deps.db.select({ id: pushSubscriptions.id }).from(pushSubscriptions).limit(1);
      this.subscribed = any !== undefined;
    } catch (error) {
      // Unknown again: messages ask who to notify until the next answer.
      this.subscribed = undefined;
      this.deps.log.warn({ err: error }, "could not tell whether anybody subscribed to web push");
    }
  }

  /** No more polling (the app closes). */
  stop(): void {
    clearInterval(this.refreshTimer);
  }

  /** Announces the inbound ones of `messages` (just committed to `ticket`) to who may see it and has no tab open. */
  notifyInbound(ticket: Ticket, messages: readonly Message[]): void {
    const inbound = messages.filter((message) => !message.fromMe);
    const last = inbound.at(-1);
    if (!last || this.subscribed === false) return;
    this.track(this.send(ticket, last), { ticketId: ticket.id });
  }

  /** Announces a new mention to the user mentioned, on each of their browsers, when they have no tab open (decision 0073). */
  notifyMention(userId: number, mention: Mention): void {
    if (this.subscribed === false) return;
    this.track(this.sendMention(userId, mention), { mentionId: mention.id });
  }

  /** Announces a missed SLA target to its owner, its queue's members and admins, on browsers with no tab open (issue 30). */
  notifySlaBreach(breach: SlaBreachNotice): void {
    if (this.subscribed === false) return;
    this.track(this.sendSlaBreach(breach), { ticketId: breach.ticket.id, target: breach.target });
  }

  /** Announces a connection down past the threshold, or back after that alert, to admins on browsers with no tab open (the tab shows it; issue 31). */
  notifyConnectionIncident(kind: "alerted" | "recovered", incident: ConnectionIncident): void {
    if (this.subscribed === false) return;
    this.track(this.sendConnectionIncident(kind, incident), { incidentId: incident.id, kind });
  }

  private async sendConnectionIncident(kind: "alerted" | "recovered", incident: ConnectionIncident): Promise<void> {
    const user = pushSubscriptions.userId;
    const subscriptions = await this.deps.db
      .select()
      .from(pushSubscriptions)
      .where(sql`${user} in (select id from users where profile = 'admin' and not is_deleted)`);
    if (subscriptions.length === 0) return;
    const connected = await this.deps.realtime.connectedUsers([...new Set(subscriptions.map((row) => row.userId))]);
    const offline = subscriptions.filter((row) => !connected.has(row.userId));
    const keys = await this.keys();
    // One topic per connection: a recovery replaces its alert when neither was delivered yet.
    const topic = `connection${incident.whatsappId}`;
    for (let start = 0; start < offline.length; start += this.concurrency) {
      await Promise.all(
        offline
          .slice(start, start + this.concurrency)
          .map((row) => this.deliver(row, { ...incidentNotice(kind, incident, row.language), tag: `connection-${incident.whatsappId}`, url: "/connections" }, topic, keys)),
      );
    }
  }

  private async sendSlaBreach({ ticket, target, contactName }: SlaBreachNotice): Promise<void> {
    const audience = slaAudience(ticket);
    const user = pushSubscriptions.userId;
    const queueIds = audience.queueIds ?? [];
    const subscriptions = await this.deps.db
      .select()
      .from(pushSubscriptions)
      .where(
        and(
          sql`${user} in (select id from users where not is_deleted)`,
          or(
            sql`${user} in (select id from users where profile = 'admin')`,
            audience.userIds && audience.userIds.length > 0 ? inArray(user, audience.userIds) : undefined,
            queueIds.length > 0 ? sql`${user} in (select user_id from user_queues where queue_id in ${queueIds})` : undefined,
          ),
        ),
      );
    if (subscriptions.length === 0) return;
    const connected = await this.deps.realtime.connectedUsers([...new Set(subscriptions.map((row) => row.userId))]);
    const offline = subscriptions.filter((row) => !connected.has(row.userId));
    const keys = await this.keys();
    for (let start = 0; start < offline.length; start += this.concurrency) {
      await Promise.all(
        offline.slice(start, start + this.concurrency).map((row) =>
          this.deliver(row, { title: slaBreachTitle(target, row.language), body: contactName || `#${ticket.id}`, tag: `sla-${ticket.id}-${target}`, url: `/tickets/${ticket.id}` }, `sla${ticket.id}`, keys),
        ),
      );
    }
  }

  private track(work: Promise<void>, about: object): void {
    const tracked = work.catch((error: unknown) => this.deps.log.warn({ err: error, ...about }, "web push failed"));
    this.running.add(tracked);
    void tracked.finally(() => this.running.delete(tracked));
  }

  private async sendMention(userId: number, mention: Mention): Promise<void> {
    if ((await this.deps.realtime.connectedUsers([userId])).has(userId)) return;
    const subscriptions = await this.deps.db
      .select()
      .from(pushSubscriptions)
      .where(and(eq(pushSubscriptions.userId, userId), sql`${pushSubscriptions.userId} in (select id from users where not is_deleted)`));
    if (subscriptions.length === 0) return;
    const keys = await this.keys();
    const topic = `mention${mention.id}`;
    await Promise.all(
      subscriptions.map((row) =>
        this.deliver(row, { title: mentionTitle(mention, row.language), body: mention.excerpt, tag: `mention-${mention.id}`, url: `/tickets/${mention.ticketId}?note=${mention.noteId}` }, topic, keys),
      ),
    );
  }

  /** Resolves once every push started so far has finished (shutdown, tests). */
  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.allSettled([...this.running]);
  }

  private async send(ticket: Ticket, message: Message): Promise<void> {
    const subscriptions = await this.recipientsOf(ticket);
    if (subscriptions.length === 0) return;
    const connected = await this.deps.realtime.connectedUsers([...new Set(subscriptions.map((row) => row.userId))]);
    const offline = subscriptions.filter((row) => !connected.has(row.userId));
    const keys = await this.keys();
    for (let start = 0; start < offline.length; start += this.concurrency) {
      await Promise.all(offline.slice(start, start + this.concurrency).map((row) => this.deliver(row, inboundPayload(ticket, message, row), `ticket${ticket.id}`, keys)));
    }
  }

  /**
   * Subscriptions of the users a ticket's events reach as their own work: its socket audience
   * (ticketAudience: owner, participants, and while it waits its queue's members, or everyone when
   * it has no queue) less the admins' room — admins see every ticket, but are notified, like
   * anyone, of their own tickets and queues.
   */
  private async recipientsOf(ticket: Ticket): Promise<SubscriptionRow[]> {
    const audience = audienceOf(visibilityOf(ticket));
    const user = pushSubscriptions.userId;
    const queueIds = audience.queueIds ?? [];
    const branches = [
      audience.everyone ? sql`true` : undefined,
      audience.userIds && audience.userIds.length > 0 ? inArray(user, audience.userIds) : undefined,
      queueIds.length > 0 ? sql`${user} in (select user_id from user_queues where queue_id in ${queueIds})` : undefined,
    ].filter((branch) => branch !== undefined);
    if (branches.length === 0) return [];
    return this.deps.db
      .select()
      .from(pushSubscriptions)
      .where(and(sql`${user} in (select id from users where not is_deleted)`, or(...branches)));
  }

  /** `topic`: the push service keeps only the latest undelivered push of one topic. */
  private async deliver(row: SubscriptionRow, payload: PushPayload, topic: string, keys: VapidKeys): Promise<void> {
    let request: ReturnType<typeof webPush.generateRequestDetails>;
    try {
      request = webPush.generateRequestDetails({ endpoint: row.endpoint, keys: { p256dh: row.p256dh, auth: row.auth } }, JSON.stringify(payload), {
        vapidDetails: { subject: this.deps.subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
        contentEncoding: "aes128gcm",
        // A message older than a day is no longer news; the topic lets the push service keep only the latest per ticket.
        TTL: 86_400,
        urgency: "high",
        topic,
      });
    } catch (error) {
      // Keys stored before subscribing checked them: no push can ever be encrypted for this browser.
      return this.drop(row, "push subscription removed: its keys cannot encrypt a push", error instanceof Error ? error.message : String(error));
    }
    try {
      const answer = await postOutbound(row.endpoint, request.headers as Record<string, string>, request.body as Buffer, { timeoutMs: this.timeoutMs, guard: this.deps.guard });
      if (answer.status === 404 || answer.status === 410) {
        // The browser unsubscribed or the subscription expired: it will never accept another push.
        await this.drop(row, "push subscription removed: the push service no longer knows it", `HTTP ${answer.status}`);
      } else if (answer.status >= 200 && answer.status < 300) {
        await this.deps.db.update(pushSubscriptions).set({ lastPushedAt: new Date() }).where(eq(pushSubscriptions.id, row.id));
      } else {
        this.deps.log.warn({ status: answer.status, subscriptionId: row.id }, "push service refused a notification");
      }
    } catch (error) {
      this.deps.log.warn({ err: error, subscriptionId: row.id }, "push service unreachable");
    }
  }

  /** Forgets a subscription no push will ever reach, in one log line (no stack: nothing failed here). */
  private async drop(row: SubscriptionRow, why: string, reason: string): Promise<void> {
    await this.deps.db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, row.id));
    this.subscriptionsChanged(false);
    this.deps.log.warn({ subscriptionId: row.id, userId: row.userId, reason }, why);
  }
}
