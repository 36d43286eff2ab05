import type { Language, PushPublicKey, PushSubscription as StoredPushSubscription, PushSubscriptionList } from "@atendo/contracts";
import { http } from "./http";
import { requestNotificationPermission } from "./notifications";
import { subscribeWithin } from "./push-subscribe";
import { activeRegistration } from "./service-worker";

/**
 * This browser's Web Push subscription (docs/decisions/0042): the server notifies it of new
 * messages while no Atendo tab is open. Needs the service worker, so production builds only.
 */
export type PushState = "unsupported" | "denied" | "off" | "on";

export function pushSupported(): boolean {
  return import.meta.env.PROD && "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;
}

/** The VAPID public key (base64url) as the bytes PushManager.subscribe wants. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, "+").replace(/_/g, "/");
  const binary = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, "="));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

function sameBytes(buffer: ArrayBuffer | null, bytes: Uint8Array): boolean {
  if (!buffer) return true;
  const given = new Uint8Array(buffer);
  return given.length === bytes.length && given.every((byte, index) => byte === bytes[index]);
}

async function browserSubscription(): Promise<PushSubscription | null> {
  const registration = await activeRegistration();
  return registration ? registration.pushManager.getSubscription() : null;
}

async function storedFor(endpoint: string): Promise<StoredPushSubscription | undefined> {
  const { subscriptions } = await http.get<PushSubscriptionList>("/push/subscriptions");
  return subscriptions.find((subscription) => subscription.endpoint === endpoint);
}

/** On when this browser is subscribed and the server holds that subscription for the signed-in user. */
export async function readPushState(): Promise<PushState> {
  if (!pushSupported()) return "unsupported";
  if (Notification.permission === "denied") return "denied";
  if (Notification.permission !== "granted") return "off";
  const subscription = await browserSubscription();
  return subscription && (await storedFor(subscription.endpoint)) ? "on" : "off";
}

/** Asks for permission (call from a click), subscribes this browser and hands the subscription to the server. */
export async function enablePush(language: Language): Promise<PushState> {
  if (!pushSupported()) return "unsupported";
  const permission = await requestNotificationPermission();
  if (permission === "denied") return "denied";
  if (permission !== "granted") return "off";
  const registration = await activeRegistration();
  if (!registration) return "unsupported";
  const { publicKey } = await http.get<PushPublicKey>("/push/public-key");
  const key = keyBytes(publicKey);
  let subscription = await registration.pushManager.getSubscription();
  // Subscribed for another server key (the database was replaced): pushes signed now would be refused.
  if (subscription && !sameBytes(subscription.options.applicationServerKey, key)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  // Bounded: the browser's push service may never answer (PushServiceUnreachable).
  subscription ??= await subscribeWithin(registration.pushManager, { userVisibleOnly: true, applicationServerKey: key });
  const json = subscription.toJSON();
  await http.post("/push/subscriptions", { endpoint: subscription.endpoint, keys: json.keys, language });
  return "on";
}

async function removeSubscription(subscription: PushSubscription): Promise<void> {
  const stored = await storedFor(subscription.endpoint);
  if (stored) await http.delete(`/push/subscriptions/${stored.id}`);
  await subscription.unsubscribe().catch(() => false);
}

/** Removes this browser's subscription from the server and from the push service. */
export async function disablePush(): Promise<PushState> {
  const subscription = await browserSubscription();
  if (subscription) await removeSubscription(subscription);
  return "off";
}

/**
 * On logout: a signed-out browser must not keep showing this user's customers' messages. Quick
 * when there is nothing to remove (no waiting for a worker still installing).
 */
export async function forgetThisDevice(): Promise<void> {
  if (!pushSupported() || Notification.permission !== "granted") return;
  const registration = await navigator.serviceWorker.getRegistration();
  const subscription = await registration?.pushManager.getSubscription();
  if (subscription) await removeSubscription(subscription);
}
