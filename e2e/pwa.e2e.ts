import { createECDH } from "node:crypto";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decryptPush, startPushEndpoint } from "../packages/server/src/test/push-endpoint.js";
import { adminToken, api, createQueue, launchBrowser, liveConnection, loginAs, newPage, screenshot } from "./support/browser.js";
import { openProfilePushSwitch } from "./support/profile.js";

/**
 * The installable app (issue 16, docs/decisions/0042): the service worker keeps the app shell
 * for offline use and the app says when the server cannot be reached; an attendant turns on push
 * notifications in their profile and, with no Atendo tab open, gets one for a customer's message.
 */
const suffix = Date.now().toString(36);
const password = "attendant-password";
const attendant = { name: `Pia ${suffix}`, email: `pia-${suffix}@e2e.atendo.test` };
/** Works offline in the first journey, so Pia's live connections are only the second journey's. */
const traveller = { name: `Oto ${suffix}`, email: `oto-${suffix}@e2e.atendo.test` };
let browser: Browser;
let endpoint: Awaited<ReturnType<typeof startPushEndpoint>>;
let connection: { id: number; apiToken: string };
let attendantToken: string;

beforeAll(async () => {
  browser = await launchBrowser();
  endpoint = await startPushEndpoint();
  const admin = await adminToken();
  const queue = await createQueue(admin, { name: `Push ${suffix}` });
  await api("/users", { method: "POST", token: admin, body: JSON.stringify({ ...attendant, password, profile: "user", queueIds: [queue.id] }) });
  await api("/users", { method: "POST", token: admin, body: JSON.stringify({ ...traveller, password, profile: "user", queueIds: [] }) });
  connection = await api<{ id: number; apiToken: string }>("/whatsapp", {
    method: "POST",
    token: admin,
    body: JSON.stringify({ name: `Push chat ${suffix}`, kind: "api", destinationType: "queue", destinationItem: queue.id }),
  });
  ({ token: attendantToken } = await api<{ token: string }>("/auth/login", { method: "POST", body: JSON.stringify({ email: attendant.email, password }) }));
});

afterAll(async () => {
  await browser?.close();
  await endpoint?.close();
});

/** Resolves once the service worker controls the page (it claims the page on its first activation). */
async function controlled(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 15_000 });
}

const offlineBanner = (page: Page) => page.getByRole("status").filter({ hasText: "Can't reach the server" });

describe("offline", () => {
  it("is installable, keeps the app shell when the network is gone, says so, and recovers by itself", async () => {
    const { context, page } = await newPage(browser);
    try {
      await loginAs(page, traveller.email, password);
      await controlled(page);
      // What Chromium requires to offer "Install app": manifest, icons, service worker. (A
      // Playwright context is an incognito profile, where nothing installs: that one reason is expected.)
      const cdp = await context.newCDPSession(page);
      const { installabilityErrors } = await cdp.send("Page.getInstallabilityErrors");
      expect(installabilityErrors.map((error) => error.errorId)).toEqual(["in-incognito"]);
      const { url, data } = await cdp.send("Page.getAppManifest");
      expect(url).toMatch(/\/manifest\.webmanifest$/);
      expect(JSON.parse(data ?? "{}")).toMatchObject({ display: "standalone", start_url: "/", scope: "/" });
      await cdp.detach();
      await context.setOffline(true);
      await offlineBanner(page).waitFor();
      await screenshot(page, "pwa-offline-banner");
      await page.reload();
      // Served by the service worker: the page still opens, with the banner instead of the browser's error page.
      await offlineBanner(page).waitFor();
      await screenshot(page, "pwa-offline");
      expect(await page.title()).not.toBe("");
      await context.setOffline(false);
      await offlineBanner(page).waitFor({ state: "detached" });
      // The session kept its token while the server was away: back online, the attendant is back at work.
      await page.waitForURL("**/tickets");
      await page.getByRole("button", { name: "Account menu" }).waitFor();
    } finally {
      await context.close();
    }
  });
});

describe("updates", () => {
  it("announce a new version until the user reloads into it", async () => {
    const { context, page } = await newPage(browser);
    try {
      await loginAs(page, traveller.email, password);
      await controlled(page);
      // A release, as the browser sees it: a worker script that differs from the running one. The
      // browser fetches worker scripts itself, past the journey's request routing, so the new one is
      // the same file under another URL (an update of the same registration all the same).
      await page.evaluate(() => navigator.serviceWorker.register("/sw.js?release=next", { scope: "/" }));
      const banner = page.getByRole("region", { name: "Update notice" });
      await banner.getByText("A new version of Atendo is available.").waitFor();
      await screenshot(page, "pwa-update");
      await page.evaluate(() => ((window as unknown as { beforeUpdate?: boolean }).beforeUpdate = true));
      await banner.getByRole("button", { name: "Reload" }).click();
      await page.waitForFunction(() => (window as unknown as { beforeUpdate?: boolean }).beforeUpdate === undefined);
      // Reloaded, under the new worker. (The reloaded app registers /sw.js again, which to the
      // browser is yet another script: a later announcement is this simulation's, not a stale app.)
      await page.waitForFunction(() => navigator.serviceWorker.controller?.scriptURL.endsWith("/sw.js?release=next"));
      await page.getByRole("button", { name: "Account menu" }).waitFor();
    } finally {
      await context.close();
    }
  });
});

/**
 * Headless Chromium cannot reach a real push service (FCM), so this init script stands in for
 * PushManager: subscribe() returns a subscription whose endpoint is the journey's local push
 * endpoint, with a P-256 key pair and auth secret made with WebCrypto in the page (the private
 * key is handed to the journey to decrypt what the server sends). Everything else — the
 * permission prompt, the service worker, the API calls, the server's encryption — is real.
 */
async function fakePushService(context: BrowserContext, endpointUrl: string, keysCreated: (jwk: JsonWebKey, auth: string) => void): Promise<void> {
  await context.exposeBinding("pushKeysCreated", (_source, jwk: JsonWebKey, auth: string) => keysCreated(jwk, auth));
  await context.addInitScript((url: string) => {
      const storageKey = "e2e-push-subscription";
      const b64url = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
      type Stored = { endpoint: string; keys: { p256dh: string; auth: string } };
      const asSubscription = (stored: Stored) =>
        ({
          endpoint: stored.endpoint,
          expirationTime: null,
          options: { applicationServerKey: null, userVisibleOnly: true },
          toJSON: () => ({ endpoint: stored.endpoint, expirationTime: null, keys: stored.keys }),
          unsubscribe: () => {
            localStorage.removeItem(storageKey);
            return Promise.resolve(true);
          },
          getKey: () => null,
        }) as unknown as PushSubscription;
      PushManager.prototype.getSubscription = function () {
        const stored = localStorage.getItem(storageKey);
        return Promise.resolve(stored ? asSubscription(JSON.parse(stored) as Stored) : null);
      };
      PushManager.prototype.subscribe = async function () {
        const pair = (await crypto.subtle.generateKey({ name: "ECDH", namedCurve: "P-256" }, true, ["deriveBits"])) as CryptoKeyPair;
        const publicKey = new Uint8Array(await crypto.subtle.exportKey("raw", pair.publicKey));
        const auth = crypto.getRandomValues(new Uint8Array(16));
        const stored: Stored = { endpoint: `${url}-${Date.now()}`, keys: { p256dh: b64url(publicKey), auth: b64url(auth) } };
        const report = (window as unknown as { pushKeysCreated: (jwk: JsonWebKey, auth: string) => Promise<void> }).pushKeysCreated;
        await report(await crypto.subtle.exportKey("jwk", pair.privateKey), stored.keys.auth);
        localStorage.setItem(storageKey, JSON.stringify(stored));
        return asSubscription(stored);
      };
    }, endpointUrl);
}

/**
 * Hands `data` to the service worker as a push (DevTools' ServiceWorker.deliverPushMessage) and checks the notification it shows.
 * The push goes to the registration whose version is activated (not one a newer registration
 * replaces), and again while the notification is missing: DevTools answers before the worker has
 * the push and never says whether it got it, so a push lost on the way (the worker still starting
 * on a busy machine) would otherwise never show. The same tag replaces the notification.
 */
async function showsPushAsNotification(context: BrowserContext, page: Page, data: string): Promise<void> {
  const cdp = await context.newCDPSession(page);
  const origin = new URL(page.url()).origin;
  const registrationId = new Promise<string>((resolve) => {
    cdp.on("ServiceWorker.workerVersionUpdated", ({ versions }) => {
      const active = versions.find((version) => version.status === "activated" && version.scriptURL.startsWith(`${origin}/`));
      if (active) resolve(active.registrationId);
    });
  });
  await cdp.send("ServiceWorker.enable");
  const push = { origin, registrationId: await registrationId, data };
  const expected = JSON.parse(data) as { title: string; body: string; tag: string; url: string };
  const shown = async () => {
    const notification = await page.evaluate(async (tag) => {
      const [first] = await (await navigator.serviceWorker.ready).getNotifications({ tag });
      return first ? { title: first.title, body: first.body, tag: first.tag, url: (first.data as { url: string }).url } : null;
    }, expected.tag);
    if (!notification) await cdp.send("ServiceWorker.deliverPushMessage", push);
    return notification;
  };
  await expect.poll(shown, { timeout: 10_000, interval: 500 }).toEqual(expected);
  await cdp.detach();
}

async function ownSubscriptions(): Promise<{ id: number; endpoint: string }[]> {
  return (await api<{ subscriptions: { id: number; endpoint: string }[] }>("/push/subscriptions", { token: attendantToken })).subscriptions;
}

describe("push notifications", () => {
  it("are turned on in the profile, arrive with no tab open, and stop when turned off or on logout", async () => {
    const { context, page } = await newPage(browser);
    try {
      await context.grantPermissions(["notifications"]);
      let browserKeys: { jwk: JsonWebKey; auth: string } | undefined;
      await fakePushService(context, endpoint.url(`pia-${suffix}`), (jwk, auth) => (browserKeys = { jwk, auth }));

      const live = liveConnection(page);
      await loginAs(page, attendant.email, password);
      await live;
      await controlled(page);
      const { dialog, toggle } = await openProfilePushSwitch(page);
      expect(await toggle.isChecked()).toBe(false);
      await toggle.click();
      await page.getByText("This device will be notified.").waitFor();
      expect(await toggle.isChecked()).toBe(true);
      await screenshot(page, "pwa-push-on");
      const [stored] = await ownSubscriptions();
      expect(stored?.endpoint).toContain(endpoint.url(`pia-${suffix}`));
      await page.keyboard.press("Escape");
      await dialog.waitFor({ state: "detached" });

      // No Atendo tab open: the server sees no live connection for the attendant and pushes instead.
      await page.close();
      const customer = { name: `Rui ${suffix}`, number: `55219${Date.now().toString().slice(-8)}` };
      let ticketId = 0;
      let sent = 0;
      // The socket's end reaches the server a moment after the tab closes: a message written
      // before that is shown live instead, so the customer writes again until a push arrives.
      await expect
        .poll(
          async () => {
            ({ ticketId } = await api<{ ticketId: number }>(`/channels/${connection.id}/messages`, {
              method: "POST",
              headers: { authorization: `Bearer ${connection.apiToken}` },
              body: JSON.stringify({ externalId: `push-${suffix}-${++sent}`, from: customer, body: "Is anyone there?" }),
            }));
            return endpoint.received.length;
          },
          { timeout: 15_000, interval: 1_000 },
        )
        .toBeGreaterThan(0);
      const push = endpoint.received[0]!;
      expect(push.headers["content-encoding"]).toBe("aes128gcm");
      expect(push.headers.authorization).toMatch(/^vapid t=.+, k=.+$/);
      const ecdh = createECDH("prime256v1");
      ecdh.setPrivateKey(Buffer.from(browserKeys!.jwk.d!, "base64url"));
      const payload = JSON.parse(decryptPush(push.body, { ecdh, auth: Buffer.from(browserKeys!.auth, "base64url"), json: { p256dh: "", auth: "" } })) as Record<string, string>;
      expect(payload).toEqual({ title: customer.name, body: "Is anyone there?", tag: `ticket-${ticketId}`, url: `/tickets/${ticketId}` });

      // The service worker shows what arrives as a notification: DevTools delivers the decrypted payload to it.
      const again = await context.newPage();
      await again.goto("/tickets");
      await controlled(again);
      await showsPushAsNotification(context, again, JSON.stringify(payload));

      // Turned off from this new tab: the server forgets this browser.
      const reopened = await openProfilePushSwitch(again);
      await expect.poll(() => reopened.toggle.isChecked()).toBe(true);
      await reopened.toggle.click();
      await again.getByText("This device will no longer be notified.").waitFor();
      expect(await reopened.toggle.isChecked()).toBe(false);
      expect(await ownSubscriptions()).toEqual([]);

      // On again, then a logout: a signed-out browser no longer receives Pia's customers' messages.
      await reopened.toggle.click();
      await again.getByText("This device will be notified.").waitFor();
      expect(await ownSubscriptions()).toHaveLength(1);
      await again.keyboard.press("Escape");
      await reopened.dialog.waitFor({ state: "detached" });
      await again.getByRole("button", { name: "Account menu" }).click();
      await again.getByRole("menuitem", { name: "Logout" }).click();
      await again.waitForURL("**/login");
      expect(await ownSubscriptions()).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
