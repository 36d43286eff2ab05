import cookie from "@fastify/cookie";
import multipart from "@fastify/multipart";
import rateLimit from "@fastify/rate-limit";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import { limits, visitorSocketNamespace, type ConnectionKind } from "@atendo/contracts";
import Fastify, { LogController, type FastifyInstance, type RouteOptions } from "fastify";
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import { createApiDriverFactory } from "./channels/api/api-driver.js";
import { createCloudDriverFactory } from "./channels/cloud/cloud-driver.js";
import { cloudTemplatesRoutes } from "./channels/cloud/cloud-templates.routes.js";
import { cloudWebhookRoutes } from "./channels/cloud/cloud-webhook.routes.js";
import { apiChannelRoutes } from "./channels/api/api-channel.routes.js";
import { createWebchatDriverFactory } from "./channels/webchat/webchat-driver.js";
import { webchatRoutes } from "./channels/webchat/webchat.routes.js";
import { serveVisitorSockets } from "./channels/webchat/visitor-sockets.js";
import { ApiConnectionCache } from "./channels/api/connection-cache.js";
import { listenWithWebhooks, type WebhookOptions } from "./channels/api/webhook-listener.js";
import { DomainEvents } from "./events/event-bus.js";
import { EventOutbox, type EventOutboxOptions } from "./events/event-outbox.js";
import type { DriverFactory } from "./channels/channel-driver.js";
import { ChannelManager, type ChannelManagerOptions } from "./channels/channel-manager.js";
import { driverEvents } from "./channels/driver-events.js";
import { inboundGroupCommit, inboundGroupCommitSlot } from "./channels/pipeline/inbound-batch.js";
import { dispatchGroupCommit, dispatchGroupSlot } from "./modules/messages/delivery/outgoing.service.js";
import { createWhatsappDriver, resendFromStore, type WhatsappDriverDeps } from "./channels/whatsapp/index.js";
import { createTelegramDriver, type TelegramDriverDeps } from "./channels/telegram/telegram-driver.js";
import { telegramWebhookRoutes } from "./channels/telegram/telegram-webhook.routes.js";
import type { Config } from "./config.js";
import type { AppContext } from "./context.js";
import type { Database } from "./db/client.js";
import { openReadReplica, type ReadReplica, type ReadReplicaOptions } from "./db/read-replica.js";
import { authenticate, refuseBeforeEnrolment } from "./modules/auth/authenticate.js";
import { registerAuth } from "./http/auth-plugin.js";
import { registerRequestContext } from "./http/request-context.js";
import { listenWithAudit } from "./modules/audit/audit-listener.js";
import { auditRoutes } from "./modules/audit/audit.routes.js";
import { registerBodyDeadline } from "./http/body-deadline.js";
import { clientErrorHandler } from "./http/client-error.js";
import { registerCompression } from "./http/compression.js";
import { registerErrorMapper } from "./http/error-mapper.js";
import { registerRequestLog } from "./http/request-log.js";
import { registerSecurityHeaders } from "./http/security-headers.js";
import { registerWebApp } from "./http/web-app.js";
import { createJobs, type JobOptions } from "./jobs/jobs.js";
import type { JobRegistry } from "./jobs/job-registry.js";
import { createMailer, type Mailer } from "./mailer.js";
import { aboutRoutes } from "./modules/about/about.routes.js";
import { reportsRoutes } from "./modules/reports/reports.routes.js";
import { monitorRoutes } from "./modules/monitor/monitor.routes.js";
import { chatMessagesRoutes } from "./modules/chats/chat-messages.routes.js";
import { chatsRoutes } from "./modules/chats/chats.routes.js";
import { announcementsRoutes } from "./modules/announcements/announcements.routes.js";
import { botsRoutes } from "./modules/bots/bots.routes.js";
import { AutomationTriggerCache, automationTriggersSlot } from "./modules/automations/automation-cache.js";
import { listenWithAutomations } from "./modules/automations/automation-listener.js";
import { automationsRoutes } from "./modules/automations/automations.routes.js";
import { campaignsRoutes } from "./modules/campaigns/campaigns.routes.js";
import { authRoutes } from "./modules/auth/auth.routes.js";
import { ssoRoutes } from "./modules/sso/sso.routes.js";
import { twoFactorRoutes } from "./modules/auth/two-factor.routes.js";
import { defaultLoginLimits, LoginThrottle } from "./modules/auth/login-throttle.js";
import { connectionsRoutes } from "./modules/connections/connections.routes.js";
import { contactImportRoutes } from "./modules/contact-import/contact-import.routes.js";
import { ContactImportRunner, contactImportsSlot, type ContactImportOptions } from "./modules/contact-import/import-runner.js";
import { contactsRoutes } from "./modules/contacts/contacts.routes.js";
import { destinationsRoutes } from "./modules/destinations/destinations.routes.js";
import { feedbackRoutes } from "./modules/feedback/feedback.routes.js";
import { forwardingRoutes } from "./modules/forwarding/forwarding.routes.js";
import { healthRoutes } from "./modules/health/health.routes.js";
import { AppMetrics } from "./modules/metrics/app-metrics.js";
import { listenWithMetrics } from "./modules/metrics/metrics-listener.js";
import { metricsRoutes } from "./modules/metrics/metrics.routes.js";
import { timeRequests } from "./modules/metrics/request-timing.js";
import { MediaStore } from "./modules/media/media-store.js";
import { mediaRoutes } from "./modules/media/media.routes.js";
import { DatabasePace } from "./modules/pace/outbound-pace.js";
import { PushNotifier, type PushNotifierOptions } from "./modules/push/push-notifier.js";
import { listenWithPush } from "./modules/push/push-listener.js";
import { listenForAssignment } from "./modules/assignment/assignment-listener.js";
import { AssignmentRunner, assignmentRunnerSlot } from "./modules/assignment/assignment-runner.js";
import { assignWaitingTickets } from "./modules/assignment/auto-assignment.service.js";
import { pushRoutes } from "./modules/push/push.routes.js";
import { trackPresenceOfSockets } from "./modules/presence/presence-sockets.js";
import { presenceRoutes } from "./modules/presence/presence.routes.js";
import { presenceSettings, presenceSlot, type PresenceOptions } from "./modules/presence/presence.service.js";
import { markDelivered, markFailed } from "./modules/messages/delivery/dispatch.js";
import { quotedInfoLookup, sentMessageLookup } from "./modules/messages/delivery/quoted-info.js";
import { messagesRoutes } from "./modules/messages/messages.routes.js";
import { mentionsRoutes } from "./modules/mentions/mentions.routes.js";
import { notesRoutes } from "./modules/notes/notes.routes.js";
import { assistantRoutes } from "./modules/assistant/assistant.routes.js";
import { monitoringsRoutes } from "./modules/monitorings/monitorings.routes.js";
import { queueRoomsOf } from "./modules/queues/queue-rooms.js";
import { queuesRoutes } from "./modules/queues/queues.routes.js";
import { quickAnswersRoutes } from "./modules/quick-answers/quick-answers.routes.js";
import { schedulesRoutes } from "./modules/schedules/schedules.routes.js";
import { settingsRoutes } from "./modules/settings/settings.routes.js";
import { simulatorRoutes } from "./modules/simulator/simulator.routes.js";
import { tagsRoutes } from "./modules/tags/tags.routes.js";
import { canSeeTicket } from "./modules/tickets/ticket.policy.js";
import { findTicketRow } from "./modules/tickets/tickets.repo.js";
import { ticketsRoutes } from "./modules/tickets/tickets.routes.js";
import { urasRoutes } from "./modules/uras/uras.routes.js";
import { usersRoutes } from "./modules/users/users.routes.js";
import { mediaLinkKey } from "./modules/whaticket/media-link.js";
import { WhaticketForwarding } from "./modules/whaticket/whaticket-forwarding.js";
import { whaticketSocketDialect } from "./modules/whaticket/whaticket-socket.js";
import { whaticketRoutes } from "./modules/whaticket/whaticket.routes.js";
import { createRealtime } from "./realtime/realtime.js";
import { redisNamespace } from "./realtime/redis-namespace.js";
import { listenWithSockets } from "./realtime/socket-listener.js";
import { listenWithSurveys } from "./modules/surveys/survey-listener.js";
import { listenWithBots } from "./modules/bots/bot-listener.js";
import { listenForCampaignReplies } from "./modules/campaigns/campaign-listener.js";
import { RecentCampaigns, recentCampaignsSlot } from "./modules/campaigns/recent-campaigns.js";
import { listenForOptOut } from "./modules/contacts/opt-out-listener.js";
import { listenWithIncidentMail } from "./modules/connection-safety/incident-mail-listener.js";
import { connectionSafetyRoutes } from "./modules/connection-safety/connection-safety.routes.js";
import { loadInstallId, loadJwtKey } from "./secrets.js";
import { AppSlots } from "./core/app-slots.js";
import { OutboundGuard, type HostResolver } from "./core/outbound-guard.js";

export interface AppDeps {
  config: Config;
  /** Already migrated. */
  database: Database;
  mailer?: Mailer | null;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: { write(line: string): void };
  /** Tests inject clocks and timers into the channel manager, the webhooks and the jobs. */
  channels?: ChannelManagerOptions;
  /** The webhook's retry pace and timeout (tests: a short backoff). */
  webhooks?: WebhookOptions;
  /** The durable event listeners' outbox pace (tests: a short poll and lease). */
  eventOutbox?: EventOutboxOptions;
  /** Hears each route as it is registered (tests: the route inventory). */
  onRoute?: (route: RouteOptions) => void;
  jobs?: JobOptions;
  /** Driver factories by kind instead of the real ones; null leaves a kind without (tests: no real WhatsApp). */
  drivers?: Partial<Record<ConnectionKind, DriverFactory | null>>;
  /** Extra dependencies of the real WhatsApp driver (tests: a fake Baileys socket). */
  whatsapp?: Partial<WhatsappDriverDeps>;
  /** Extra dependencies of the Telegram driver (tests: a short long poll, no retry wait). */
  telegram?: Partial<TelegramDriverDeps>;
  /** How webhook host names resolve (tests: names of their own; default the system resolver). */
  resolveHost?: HostResolver;
  /** Contact import batches and progress pace (tests: small batches, a hold between them). */
  contactImport?: ContactImportOptions;
  /** Web Push timeouts and pace (tests: a short "nobody subscribed" memory). */
  push?: PushNotifierOptions;
  /** The read replica's timeouts and clock (tests: a clock they move past the retry). */
  replica?: ReadReplicaOptions;
  /** Presence's offline grace and clock (tests: a clock they move past the grace). */
  presence?: PresenceOptions;
  /** The outbound pace's jitter draws (tests: a fixed one); default Math.random. */
  paceRandom?: () => number;
}

export interface BuiltApp {
  app: FastifyInstance;
  ctx: AppContext;
  /** The periodic work; main.ts starts it once the server listens and the drivers run. */
  jobs: JobRegistry;
}

export async function buildApp(deps: AppDeps): Promise<BuiltApp> {
  const { config, database } = deps;
  const { db } = database;
  // The Whaticket web client's calls under /whaticket: its own shapes where it needs them, else /api's routes (decision 0066).
  const whaticket = new WhaticketForwarding();
  const app = Fastify({
    rewriteUrl: (request) => whaticket.rewrite(request.method ?? "GET", request.url ?? "/"),
    logger: config.LOG_LEVEL === "silent" ? false : { level: config.LOG_LEVEL, ...(deps.logStream ? { stream: deps.logStream } : {}) },
    // Fastify's two lines per request buried the start-up messages: http/request-log.ts logs what matters.
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 2 * 1024 * 1024,
    // The spec writes some paths with a trailing slash (GET /quickAnswers/); both spellings work.
    routerOptions: { ignoreTrailingSlash: true },
    // A request Node's parser refuses (a body cut off by a half-close, a head that does not parse) answers a catalogued code too.
    clientErrorHandler,
  });
  if (deps.onRoute) app.addHook("onRoute", deps.onRoute);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const log = app.log;

  // The pieces first, each given only what it needs; the few calls that need the whole context
  // (the pipeline, the delivery) are late-bound: they run after buildApp, once `ctx` exists.
  const jwtKey = await loadJwtKey(db, config.JWT_SECRET);
  const installId = await loadInstallId(db);
  const realtime = createRealtime(app.server, {
    authenticate: async (token) => {
      const actor = await authenticate({ db, jwtKey }, token);
      refuseBeforeEnrolment(actor); // no live tickets before the second factor (decision 0095)
      return actor;
    },
    roomsOf: (actor) => queueRoomsOf(db, actor.id),
    chatBoxAccess: async (actor, ticketId) => canSeeTicket(db, actor, await findTicketRow(db, ticketId)),
    redis: config.REDIS_URL ? { url: config.REDIS_URL, key: redisNamespace(config.REDIS_PREFIX, installId) } : undefined,
    log,
    dialects: [whaticketSocketDialect({ key: mediaLinkKey(jwtKey), publicUrl: config.PUBLIC_URL, trustProxy: config.TRUST_PROXY })],
  });
  // Prometheus metrics only when METRICS_TOKEN is set: otherwise nothing is counted (docs/deployment.md).
  const metrics = config.METRICS_TOKEN ? new AppMetrics({ db, pool: database.pool, sockets: () => realtime.localSocketCount(), redis: () => realtime.redisConnected() }) : undefined;
  const events = new DomainEvents(db, log);
  const eventOutbox = new EventOutbox({ db, log, events }, deps.eventOutbox);
  events.useStore(eventOutbox, () => eventOutbox.kick());
  const webhookGuard = new OutboundGuard({ allowPrivate: config.WEBHOOK_ALLOW_PRIVATE, resolve: deps.resolveHost });
  // Website visitors' sockets: a namespace of their own, which no staff event reaches (decision 0090).
  const visitorSpace = realtime.outsiderSpace(visitorSocketNamespace);
  // The API channel's connections as read by its inbound calls and its driver's sends.
  const apiConnections = new ApiConnectionCache(db);
  const drivers: Partial<Record<ConnectionKind, DriverFactory | null>> = {
    api: createApiDriverFactory({ db, connections: apiConnections, publish: (event) => events.publish(event) }),
    whatsapp_cloud: createCloudDriverFactory({ db, log, baseUrl: config.WHATSAPP_CLOUD_API_URL }),
    webchat: createWebchatDriverFactory({ db, visitors: visitorSpace }),
    whatsapp: createWhatsappDriver({
      db,
      logger: log,
      findQuoted: quotedInfoLookup(db),
      // A recipient that could not decrypt one of our messages gets it again (Baileys' retry receipts).
      getMessage: resendFromStore(sentMessageLookup(db)),
      openingTimeoutMs: config.WHATSAPP_OPENING_TIMEOUT_SECONDS * 1000,
      ...deps.whatsapp,
    }),
    telegram: createTelegramDriver({ db, log, apiUrl: config.TELEGRAM_API_URL, publicUrl: config.PUBLIC_URL, ...deps.telegram }),
    ...deps.drivers,
  };
  const channels = new ChannelManager({ database, log, drivers, events: (connectionId, wiring) => driverEvents(ctx, connectionId, wiring) }, deps.channels);

  const push = new PushNotifier({ db, log, realtime, guard: webhookGuard, subject: pushSubject(config), shared: config.REDIS_URL !== undefined }, deps.push);
  const replica = openReplica(deps, log);

  const ctx: AppContext = {
    config,
    database,
    db,
    reads: replica?.db ?? db,
    jwtKey,
    mailer: deps.mailer === undefined ? createMailer(config) : deps.mailer,
    log,
    media: new MediaStore(config.MEDIA_DIR),
    realtime,
    events,
    eventOutbox,
    channels,
    webhookGuard,
    apiConnections,
    loginThrottle: new LoginThrottle({ ...defaultLoginLimits, attemptsPerIp: config.LOGIN_ATTEMPTS_PER_IP }),
    slots: new AppSlots()
      .set(inboundGroupCommitSlot, inboundGroupCommit(db, metrics && ((size) => metrics.groupCommitBatch.observe(size))))
      // Routing's texts leave together like the messages that wrote them (a pool: PostgreSQL, as the inbound group commit).
      .set(dispatchGroupSlot, database.kind === "postgres" ? dispatchGroupCommit() : undefined)
      .set(contactImportsSlot, new ContactImportRunner({ database, log, events }, deps.contactImport))
      .set(assignmentRunnerSlot, new AssignmentRunner(() => assignWaitingTickets(ctx), log))
      .set(presenceSlot, presenceSettings(deps.presence))
      .set(recentCampaignsSlot, new RecentCampaigns(db))
      .set(automationTriggersSlot, new AutomationTriggerCache(db, config.TIME_ZONE)),
    push,
    pace: new DatabasePace(db, config.TIME_ZONE, deps.paceRandom, deps.database.pool),
  };
  // In the publishing write: an entry per audited event, who and where from the request (decision 0097).
  listenWithAudit(events);
  listenWithSockets(events, realtime, db);
  serveVisitorSockets(ctx, visitorSpace);
  trackPresenceOfSockets(ctx);
  listenWithPush(events, push);
  listenForAssignment(events, ctx.slots.get(assignmentRunnerSlot));
  listenWithWebhooks(
    events,
    {
      db,
      guard: webhookGuard,
      publicUrl: config.PUBLIC_URL,
      delivered: (messageId, externalId) => markDelivered(ctx, messageId, externalId),
      failed: async (messageId) => void (await markFailed(ctx, messageId)),
    },
    deps.webhooks,
  );
  listenWithSurveys(events, ctx);
  listenWithBots(events, ctx);
  listenForCampaignReplies(events, db, ctx.slots.get(recentCampaignsSlot));
  listenForOptOut(events, ctx);
  listenWithIncidentMail(events, ctx);
  listenWithAutomations(events, ctx, ctx.slots.get(automationTriggersSlot));
  const jobs = createJobs(ctx, deps.jobs);
  if (metrics) {
    listenWithMetrics(events, metrics);
    jobs.observe((name, outcome) => {
      metrics.jobRuns.inc({ job: name });
      if (outcome === "failed") metrics.jobFailures.inc({ job: name });
    });
  }
  // Jobs stop first (a run in progress finishes its writes), then the drivers (which may write
  // their last status), before the sockets and the database close.
  app.addHook("onClose", async () => {
    await jobs.stop();
    // A contact import in progress ends after its current batch, recorded as interrupted.
    await ctx.slots.get(contactImportsSlot).stop();
    await channels.stopAll();
    // Listeners already started finish, then pushes already started (each is bounded by its timeout) before the database closes.
    await events.settled();
    ctx.push.stop();
    await ctx.push.idle();
    await realtime.close();
  });
  // After the hook above: the reads of jobs still running finish first.
  if (replica) app.addHook("onClose", () => replica.close());

  registerErrorMapper(app);
  // Before any route: every body, an upload above all, arrives in bounded time or the connection goes.
  registerBodyDeadline(app, { idleMs: config.UPLOAD_IDLE_TIMEOUT_SECONDS * 1000, maxMs: config.UPLOAD_MAX_SECONDS * 1000 });
  registerRequestLog(app, { accessLog: config.ACCESS_LOG });
  if (metrics) timeRequests(app, metrics);
  registerSecurityHeaders(app, config);
  // Before the routes: the plugin hooks each route as it is added.
  await registerCompression(app);
  await app.register(cookie);
  await app.register(rateLimit, { global: false });
  // Limits here are the widest (documents); each route narrows them by the file's real type.
  await app.register(multipart, { limits: { fileSize: limits.documentBytes, files: limits.mediaFilesPerMessage } });
  await app.register(swagger, {
    openapi: {
      info: { title: `${config.APP_TITLE} API`, version: config.APP_VERSION },
      components: { securitySchemes: { bearer: { type: "http", scheme: "bearer" } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: "/api/docs" });
  registerAuth(app, ctx);
  registerRequestContext(app);

  const modules = [
    authRoutes,
    ssoRoutes,
    twoFactorRoutes,
    usersRoutes,
    presenceRoutes,
    queuesRoutes,
    quickAnswersRoutes,
    schedulesRoutes,
    contactsRoutes,
    contactImportRoutes,
    tagsRoutes,
    connectionsRoutes,
    destinationsRoutes,
    urasRoutes,
    announcementsRoutes,
    botsRoutes,
    automationsRoutes,
    campaignsRoutes,
    monitoringsRoutes,
    ticketsRoutes,
    messagesRoutes,
    notesRoutes,
    assistantRoutes,
    auditRoutes,
    mentionsRoutes,
    forwardingRoutes,
    chatsRoutes,
    chatMessagesRoutes,
    mediaRoutes,
    apiChannelRoutes,
    cloudWebhookRoutes,
    cloudTemplatesRoutes,
    telegramWebhookRoutes,
    simulatorRoutes,
    settingsRoutes,
    feedbackRoutes,
    pushRoutes,
    aboutRoutes,
    reportsRoutes,
    monitorRoutes,
    connectionSafetyRoutes,
    healthRoutes,
  ];
  for (const routes of modules) {
    routes(app, ctx);
  }
  metricsRoutes(app, ctx, metrics);
  webchatRoutes(app, ctx, visitorSpace);
  whaticketRoutes(app, ctx, whaticket);
  await registerWebApp(app, config);
  return { app, ctx, jobs };
}

/** The read replica of DATABASE_REPLICA_URL, if set (docs/decisions/0055). */
function openReplica(deps: AppDeps, log: FastifyInstance["log"]): ReadReplica | undefined {
  const url = deps.config.DATABASE_REPLICA_URL;
  if (!url) return undefined;
  if (!deps.database.pool) throw new Error("DATABASE_REPLICA_URL needs a PostgreSQL server as the primary (DATABASE_URL).");
  const replica = openReadReplica(url, deps.database.pool, log, deps.replica);
  log.info(`Reports and ticket searches read from the ${replica.label}.`);
  return replica;
}

/** The VAPID subject (RFC 8292 §2.1): PUSH_SUBJECT, else the install's https address, else the admin's e-mail. */
function pushSubject(config: Config): string {
  if (config.PUSH_SUBJECT) return config.PUSH_SUBJECT;
  if (config.PUBLIC_URL?.startsWith("https:")) return config.PUBLIC_URL;
  return `mailto:${config.ADMIN_EMAIL}`;
}
