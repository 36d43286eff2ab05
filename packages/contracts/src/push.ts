import { z } from "zod";
import { languages } from "./limits.js";

/**
 * Web Push (docs/decisions/0042). GET /api/push/public-key: the server's VAPID public key
 * (base64url, the `applicationServerKey` of PushManager.subscribe).
 */
export const pushPublicKey = z.object({ publicKey: z.string() });
export type PushPublicKey = z.infer<typeof pushPublicKey>;

/** `bytes` bytes in base64url (padding allowed): the length of the text says how many. */
const base64url = (bytes: number) =>
  z
    .string()
    .regex(/^[A-Za-z0-9_-]+={0,2}$/)
    .refine((value) => value.replace(/=+$/, "").length === Math.ceil((bytes * 4) / 3), `must be ${bytes} bytes, base64url`);

/**
 * POST /api/push/subscriptions: this browser's PushSubscription (its toJSON(), as the browser gives
 * it) for the signed-in user, and the language its notifications are written in. The endpoint must
 * be https on a public host (400 ERR_PUSH_ENDPOINT_NOT_ALLOWED; private and http ones only with
 * WEBHOOK_ALLOW_PRIVATE). Posting an endpoint again replaces its keys, and moves it to this user
 * (the browser now belongs to whoever signed in on it).
 */
export const pushSubscriptionBody = z.object({
  endpoint: z.url({ protocol: /^https?$/ }).max(2048),
  keys: z.object({
    /** The browser's P-256 public key, uncompressed (65 bytes). */
    p256dh: base64url(65),
    /** The 16-byte authentication secret. */
    auth: base64url(16),
  }),
  language: z.enum(languages),
});
export type PushSubscriptionBody = z.input<typeof pushSubscriptionBody>;

/** One of the signed-in user's subscribed browsers (the keys are never returned). */
export const pushSubscription = z.object({
  id: z.number(),
  endpoint: z.string(),
  language: z.enum(languages),
  createdAt: z.string(),
});
export type PushSubscription = z.infer<typeof pushSubscription>;

/** GET /api/push/subscriptions: the signed-in user's subscriptions, newest first. DELETE /api/push/subscriptions/{id}: one of them (404 for anyone else's). */
export const pushSubscriptionList = z.object({ subscriptions: z.array(pushSubscription) });
export type PushSubscriptionList = z.infer<typeof pushSubscriptionList>;

/**
 * What the service worker receives (decrypted): shown as a notification whose click opens `url`.
 * `tag` is one per ticket, so a burst of messages leaves one notification.
 */
export const pushPayload = z.object({ title: z.string(), body: z.string(), tag: z.string(), url: z.string() });
export type PushPayload = z.infer<typeof pushPayload>;
