import { licence, limits } from "@atendo/contracts";
import { z } from "zod";

const optionalText = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .optional();

const optionalUrl = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .pipe(z.url().optional())
  .optional();

const flag = z
  .enum(["true", "false", "1", "0", ""])
  .optional()
  .transform((v) => v === "true" || v === "1");

/** Whether the runtime knows this IANA time zone. */
function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** An empty variable (as .env.example leaves them) means "not set". */
const unsetWhenEmpty = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);

/** Every environment variable Atendo reads; documented in .env.example and the README. */
export const configSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default("0.0.0.0"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** Log every request at info (an access log); otherwise only server errors and slow requests. */
  ACCESS_LOG: flag,
  DATABASE_URL: optionalUrl,
  /**
   * A read replica of DATABASE_URL (streaming replication): reports and ticket searches read
   * there; while it is unreachable they read from the primary (docs/decisions/0055).
   */
  DATABASE_REPLICA_URL: optionalUrl,
  /** Without DATABASE_URL: the embedded PostgreSQL server's folder (created on the first start). */
  EMBEDDED_POSTGRES_DIR: z.string().trim().min(1).default("./data/postgres"),
  /** A PGlite folder of an earlier release (imported once), or the database where no PostgreSQL binary exists. */
  PGLITE_DIR: z.string().default("./data/db"),
  MEDIA_DIR: z.string().default("./data/media"),
  REDIS_URL: optionalUrl,
  /**
   * Prepended to the install's identity in everything it puts in Redis (`<prefix>:<install id>`,
   * docs/decisions/0060): installs on one Redis never hear each other; a different prefix also
   * separates a copy restored from the same database. Letters, digits and `_ . -` only (no
   * pattern characters: the names are subscribed to by pattern).
   */
  REDIS_PREFIX: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_.-]{0,64}$/, "letters, digits, _ . - (at most 64)")
    .transform((v) => v || "atendo")
    .default("atendo"),
  JWT_SECRET: optionalText.pipe(z.string().min(32).optional()),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(10).max(86_400).default(900),
  REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(7),
  /** Sign-in attempts of any kind per client address and 15 minutes (docs/decisions/0002): a site whose whole team signs in through one NAT address at a shift's start raises it. */
  LOGIN_ATTEMPTS_PER_IP: z.coerce.number().int().min(1).max(1_000_000).default(300),
  COOKIE_SECURE: flag,
  TRUST_PROXY: flag,
  ADMIN_NAME: z.string().trim().min(2).max(50).default("Administrator"),
  ADMIN_EMAIL: z.email().default("admin@atendo.local"),
  ADMIN_PASSWORD: optionalText.pipe(z.string().min(8).optional()),
  APP_TITLE: z.string().trim().min(1).default("Atendo"),
  APP_LOGO_URL: optionalText,
  LOGIN_LOGO_URL: optionalText,
  SHUTDOWN_BANNER_DATE: optionalText,
  SHUTDOWN_BANNER_URL: optionalUrl,
  /** Open tickets idle this many hours (since their last update) are closed by the server; 0 or empty = off. */
  TICKETS_AUTO_CLOSE_HOURS: z.coerce.number().min(0).max(10_000).default(0),
  /** A customer writing again this soon after their ticket closed reopens it (0 = always a new ticket). */
  TICKET_REOPEN_WINDOW_MINUTES: z.coerce.number().int().min(0).max(525_600).default(0),
  /**
   * The install's time zone (IANA name, e.g. America/Sao_Paulo): opening hours are read on its
   * wall clock. Default: the server's own.
   */
  TIME_ZONE: z.preprocess(
    unsetWhenEmpty,
    z
      .string()
      .trim()
      .default(() => Intl.DateTimeFormat().resolvedOptions().timeZone)
      .refine(isTimeZone, "an IANA time zone such as America/Sao_Paulo"),
  ),
  /**
   * The language of the texts Atendo itself writes to customers (a menu's "option not recognised",
   * its "end the conversation" line): en, pt or es. The admins' own texts are sent as written.
   * Only the first value of the `customerLanguage` setting (Settings screen), which then decides.
   */
  CUSTOMER_LANGUAGE: z.preprocess(unsetWhenEmpty, z.enum(["en", "pt", "es"]).optional()),
  /** Base URL external systems reach Atendo at (media links in API-channel webhooks). */
  PUBLIC_URL: optionalUrl,
  /**
   * Webhook URLs may point at loopback, link-local and private addresses (an install whose
   * gateway is on its own network). Off: such URLs are refused when saved and when delivered.
   */
  WEBHOOK_ALLOW_PRIVATE: flag,
  /**
   * Who push services may contact about this server's notifications (VAPID subject): a mailto: or
   * https: URL. Default: PUBLIC_URL when it is https, else mailto:ADMIN_EMAIL.
   */
  PUSH_SUBJECT: optionalText.pipe(z.string().regex(/^(mailto:|https:\/\/)/, "a mailto: or https:// URL").optional()),
  /** A request body that sends nothing for this long is given up (408, connection closed). Decimals allowed. */
  UPLOAD_IDLE_TIMEOUT_SECONDS: z.coerce.number().positive().max(3600).default(limits.uploadIdleSeconds),
  /** The longest a request body may take to arrive, however steadily it comes. Decimals allowed. */
  UPLOAD_MAX_SECONDS: z.coerce.number().positive().max(24 * 3600).default(limits.uploadMaxSeconds),
  /**
   * The WhatsApp Cloud API's base URL: Meta's Graph API at the version Atendo was written against
   * (docs/channels/whatsapp-cloud.md). Pointed at the local fake in tests and demos.
   */
  WHATSAPP_CLOUD_API_URL: optionalUrl.transform((v) => (v ?? "https://graph.facebook.com/v21.0").replace(/\/+$/, "")),
  /** How long a WhatsApp session may stay OPENING without reaching WhatsApp before TIMEOUT with the reason. */
  WHATSAPP_OPENING_TIMEOUT_SECONDS: z.coerce.number().positive().max(3600).default(45),
  /**
   * Telegram's Bot API (https://api.telegram.org): another address runs the bots against a local
   * Bot API server, or the fake of docs/channels/README.md.
   */
  TELEGRAM_API_URL: z.preprocess(unsetWhenEmpty, z.url().default("https://api.telegram.org")),
  /**
   * The attendants' assistant (docs/decisions/0094): any OpenAI-compatible server's base URL
   * (e.g. https://api.openai.com/v1; `POST {AI_API_URL}/chat/completions`), its key and the model.
   * On only when all three are set.
   */
  AI_API_URL: optionalUrl.transform((v) => v?.replace(/\/+$/, "")),
  AI_API_KEY: optionalText,
  AI_MODEL: optionalText,
  /** How long one assistant answer may take before ERR_ASSISTANT_UNAVAILABLE. Decimals allowed. */
  AI_TIMEOUT_SECONDS: z.coerce.number().positive().max(600).default(30),
  /** First start with no connection: create the demo API connection and its Support queue. */
  DEMO_CONNECTION: z
    .enum(["true", "false", "1", "0", ""])
    .optional()
    .transform((v) => v !== "false" && v !== "0"),
  /**
   * The licence's seats, shown on the About page: how many active users (administrators
   * included) and how many administrators this install's licence allows. Past them nothing is
   * refused; the page shows the counts in red and that a paid licence is needed.
   */
  LICENCE_USERS: z.preprocess(unsetWhenEmpty, z.coerce.number().int().min(1).max(1_000_000).default(licence.users)),
  LICENCE_ADMINISTRATORS: z.preprocess(unsetWhenEmpty, z.coerce.number().int().min(1).max(1_000_000).default(licence.administrators)),
  /**
   * Single sign-on with an OpenID Connect provider (docs/decisions/0098): its issuer URL (discovered
   * at `<issuer>/.well-known/openid-configuration`), this install's client id and secret there, and
   * the login button's label ("Sign in with <label>"). On when the issuer is set; the redirect URI
   * to register at the provider is `PUBLIC_URL/api/auth/oidc/callback`.
   */
  OIDC_ISSUER: optionalUrl,
  OIDC_CLIENT_ID: optionalText,
  OIDC_CLIENT_SECRET: optionalText,
  OIDC_BUTTON_LABEL: z.preprocess(unsetWhenEmpty, z.string().trim().min(1).max(40).default("single sign-on")),
  /** A verified e-mail no account holds signs in as a new attendant with no queues; off: refused. */
  OIDC_CREATE_USERS: flag,
  /**
   * `off`: only single sign-on signs in, except the break-glass administrator below, who keeps the
   * password (and its second factor) for when the provider is down or misconfigured.
   */
  PASSWORD_SIGN_IN: z.preprocess(unsetWhenEmpty, z.enum(["on", "off"]).default("on")),
  /** The administrator who may still sign in with a password when PASSWORD_SIGN_IN=off. Default: ADMIN_EMAIL. */
  BREAK_GLASS_EMAIL: optionalText.pipe(z.email().optional()),
  /**
   * GET /metrics (Prometheus text format) is on only when this is set, and then asks for
   * `Authorization: Bearer <METRICS_TOKEN>` (docs/deployment.md lists what to alert on).
   */
  METRICS_TOKEN: optionalText.pipe(z.string().min(16).optional()),
  SMTP_URL: optionalText,
  SMTP_FROM: z.string().default("Atendo <no-reply@atendo.local>"),
  FEEDBACK_TO: optionalText.pipe(z.email().optional()),
  WEB_DIST: z.string().optional(),
  APP_VERSION: z.string().default("0.1.0"),
})
  // A replica replicates a server: the embedded database has none to offer.
  .refine((config) => !config.DATABASE_REPLICA_URL || config.DATABASE_URL, {
    path: ["DATABASE_REPLICA_URL"],
    message: "needs DATABASE_URL (the primary it replicates); the embedded database has no replica",
  })
  // The provider redirects back to PUBLIC_URL, and a confidential client proves itself with its secret.
  .refine((config) => !config.OIDC_ISSUER || (config.OIDC_CLIENT_ID && config.OIDC_CLIENT_SECRET), {
    path: ["OIDC_CLIENT_ID"],
    message: "OIDC_ISSUER needs OIDC_CLIENT_ID and OIDC_CLIENT_SECRET",
  })
  // The ID token's keys and the client secret travel to the issuer: https, or plain http on this machine only.
  .refine((config) => !config.OIDC_ISSUER || /^https:|^http:\/\/(localhost|127\.0\.0\.1|\[::1\])(:|\/|$)/.test(config.OIDC_ISSUER), {
    path: ["OIDC_ISSUER"],
    message: "an https:// URL (plain http only on localhost)",
  })
  .refine((config) => !config.OIDC_ISSUER || config.PUBLIC_URL, {
    path: ["PUBLIC_URL"],
    message: "needed with OIDC_ISSUER (the provider redirects back to PUBLIC_URL/api/auth/oidc/callback)",
  })
  // Without single sign-on, turning passwords off would leave only the break-glass administrator.
  .refine((config) => config.PASSWORD_SIGN_IN === "on" || config.OIDC_ISSUER, {
    path: ["PASSWORD_SIGN_IN"],
    message: "off needs OIDC_ISSUER (single sign-on is then the way in)",
  })
  // Administrators are users: they take users' seats too.
  .refine((config) => config.LICENCE_ADMINISTRATORS <= config.LICENCE_USERS, {
    path: ["LICENCE_ADMINISTRATORS"],
    message: "at most LICENCE_USERS (administrators are users too)",
  });

export type Config = z.infer<typeof configSchema>;

/** Thrown for a bad environment: main prints its one-line message and exits. */
export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const variable = issue?.path.join(".") ?? "environment";
  throw new ConfigError(`Invalid configuration: ${variable}: ${issue?.message ?? "invalid value"}`);
}
