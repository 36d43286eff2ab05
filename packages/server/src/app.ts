import cookie from "@fastify/cookie";
import rateLimit from "@fastify/rate-limit";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import Fastify, { type FastifyInstance } from "fastify";
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import type { Config } from "./config.js";
import type { AppContext } from "./context.js";
import type { Database } from "./db/client.js";
import { authenticate, registerAuth } from "./http/auth-plugin.js";
import { registerErrorMapper } from "./http/error-mapper.js";
import { registerWebApp } from "./http/web-app.js";
import { createMailer, type Mailer } from "./mailer.js";
import { aboutRoutes } from "./modules/about/about.routes.js";
import { authRoutes } from "./modules/auth/auth.routes.js";
import { contactsRoutes } from "./modules/contacts/contacts.routes.js";
import { feedbackRoutes } from "./modules/feedback/feedback.routes.js";
import { healthRoutes } from "./modules/health/health.routes.js";
import { queueRoomsOf } from "./modules/queues/queue-rooms.js";
import { queuesRoutes } from "./modules/queues/queues.routes.js";
import { quickAnswersRoutes } from "./modules/quick-answers/quick-answers.routes.js";
import { settingsRoutes } from "./modules/settings/settings.routes.js";
import { usersRoutes } from "./modules/users/users.routes.js";
import { createRealtime } from "./realtime/realtime.js";
import { loadJwtKey } from "./secrets.js";

export interface AppDeps {
  config: Config;
  /** Already migrated. */
  database: Database;
  mailer?: Mailer | null;
  redisKey?: string;
}

export async function buildApp(deps: AppDeps): Promise<{ app: FastifyInstance; ctx: AppContext }> {
  const { config, database } = deps;
  const app = Fastify({
    logger: config.LOG_LEVEL === "silent" ? false : { level: config.LOG_LEVEL },
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 2 * 1024 * 1024,
    // The spec writes some paths with a trailing slash (GET /quickAnswers/); both spellings work.
    routerOptions: { ignoreTrailingSlash: true },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const ctx: AppContext = {
    config,
    database,
    db: database.db,
    jwtKey: await loadJwtKey(database.db, config.JWT_SECRET),
    mailer: deps.mailer === undefined ? createMailer(config) : deps.mailer,
    realtime: undefined as never,
  };
  ctx.realtime = createRealtime(app.server, {
    authenticate: (token) => authenticate(ctx, token),
    roomsOf: (actor) => queueRoomsOf(ctx.db, actor.id),
    redisUrl: config.REDIS_URL,
    redisKey: deps.redisKey,
  });
  app.addHook("onClose", () => ctx.realtime.close());

  registerErrorMapper(app);
  await app.register(cookie);
  await app.register(rateLimit, { global: false });
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

  const modules = [
    authRoutes,
    usersRoutes,
    queuesRoutes,
    quickAnswersRoutes,
    contactsRoutes,
    settingsRoutes,
    feedbackRoutes,
    aboutRoutes,
    healthRoutes,
  ];
  for (const routes of modules) {
    routes(app, ctx);
  }
  await registerWebApp(app, config.WEB_DIST);
  return { app, ctx };
}
