import type { Browser, BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { browserKeys } from "../packages/server/src/test/push-endpoint.js";
import { adminToken, api, launchBrowser, loginAs, newPage, screenshot } from "./support/browser.js";
import { openProfilePushSwitch } from "./support/profile.js";

/**
 * The profile's push switch when the browser's push service cannot be reached (issue 28):
 * Chromium's PushManager.subscribe() then never settles. The app gives up after 15 s, says why,
 * and the switch is off and usable again; a later try, with the service back, turns it on.
 */
const suffix = Date.now().toString(36);
const password = "attendant-password";
const attendant = { name: `Ivo ${suffix}`, email: `ivo-${suffix}@e2e.atendo.test` };
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
  await api("/users", { method: "POST", token: await adminToken(), body: JSON.stringify({ ...attendant, password, profile: "user", queueIds: [] }) });
});
afterAll(() => browser?.close());

/**
 * Stands in for PushManager (headless Chromium has no push service): the first subscribe() never
 * settles, as when the service is unreachable; the next ones answer with a subscription whose keys
 * are real P-256 ones (the server checks them) on a local endpoint nobody needs to reach here.
 */
async function pushServiceDownOnce(context: BrowserContext): Promise<void> {
  await context.addInitScript((keys: { p256dh: string; auth: string }) => {
    const page = window as unknown as { pushAttempts: number };
    page.pushAttempts = 0;
    let subscribed: PushSubscription | null = null;
    PushManager.prototype.getSubscription = () => Promise.resolve(subscribed);
    PushManager.prototype.subscribe = function () {
      page.pushAttempts += 1;
      if (page.pushAttempts === 1) return new Promise<PushSubscription>(() => undefined);
      const endpoint = `http://127.0.0.1:9/push-${Date.now()}`;
      subscribed = {
        endpoint,
        expirationTime: null,
        options: { applicationServerKey: null, userVisibleOnly: true },
        toJSON: () => ({ endpoint, expirationTime: null, keys }),
        unsubscribe: () => Promise.resolve(true),
        getKey: () => null,
      } as unknown as PushSubscription;
      return Promise.resolve(subscribed);
    };
  }, browserKeys().json);
}

describe("push notifications when the push service cannot be reached", () => {
  it("give up after 15 s with a message, leaving the switch off and usable", async () => {
    const { context, page } = await newPage(browser);
    try {
      await context.grantPermissions(["notifications"]);
      await pushServiceDownOnce(context);
      // The page's clock: the 15 s are jumped over, not waited for.
      await page.clock.install();
      await loginAs(page, attendant.email, password);
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 15_000 });
      const { dialog, toggle } = await openProfilePushSwitch(page);

      await toggle.click();
      await page.waitForFunction(() => (window as unknown as { pushAttempts: number }).pushAttempts === 1);
      expect(await toggle.isDisabled(), "busy while the browser subscribes").toBe(true);
      await page.clock.fastForward(14_000);
      expect(await toggle.isDisabled(), "still waiting before the 15 s").toBe(true);
      await page.clock.fastForward(1_500);
      await page.getByRole("alert").filter({ hasText: "The browser's push service did not answer" }).waitFor();
      await screenshot(page, "pwa-push-unreachable");
      expect(await toggle.isChecked()).toBe(false);
      expect(await toggle.isDisabled()).toBe(false);
      expect(await dialog.isVisible(), "the dialog stays open and usable").toBe(true);

      // The service is back: the same switch turns notifications on.
      await toggle.click();
      await page.getByText("This device will be notified.").waitFor();
      expect(await toggle.isChecked()).toBe(true);
    } finally {
      await context.close();
    }
  });
});
