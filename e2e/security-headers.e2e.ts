import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseUrl, launchBrowser, newPage, takeCspViolations } from "./support/browser.js";

/**
 * The app's security headers as a browser applies them (issue 11). That the app itself runs under
 * its Content-Security-Policy is proven by every journey: support/browser.ts fails a journey whose
 * pages met a violation.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

describe("security headers", () => {
  it("keep the login form out of another site's frame", async () => {
    // Another site: a page on another port that frames the login form.
    const otherSite = createServer((_request, response) => {
      response.writeHead(200, { "content-type": "text/html" });
      response.end(`<!doctype html><iframe src="${baseUrl()}/login" width="800" height="600"></iframe>`);
    });
    await new Promise<void>((resolve) => otherSite.listen(0, "127.0.0.1", resolve));
    const { port } = otherSite.address() as AddressInfo;
    const { context, page } = await newPage(browser);
    const refused = page.waitForEvent("requestfailed", (request) => request.url() === `${baseUrl()}/login`);
    const reported = context.waitForEvent("console", (message) => message.text().includes("frame-ancestors 'none'"));
    const framed = page.frameLocator("iframe").getByRole("button", { name: "Sign in" });
    await page.goto(`http://127.0.0.1:${port}/`);
    // Either the browser refuses the frame or the form shows in it: it must be the first.
    const outcome = await Promise.race([refused.then((request) => request.failure()?.errorText), framed.waitFor().then(() => "framed")]);
    expect(outcome).toBe("net::ERR_BLOCKED_BY_RESPONSE");
    // The refusal is the browser applying our policy, as wanted here: it does not fail the journey.
    await reported;
    expect(takeCspViolations()).toEqual([expect.stringContaining("frame-ancestors 'none'")]);
    await context.close();
    await new Promise((resolve) => otherSite.close(resolve));
  });

  it("send the policy, nosniff and no referrer with the web app", async () => {
    const { context, page } = await newPage(browser);
    const response = await page.goto("/login");
    const headers = response?.headers() ?? {};
    expect(headers["content-security-policy"]).toContain("script-src 'self';");
    expect(headers["x-frame-options"]).toBe("DENY");
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["referrer-policy"]).toBe("no-referrer");
    await page.getByRole("button", { name: "Sign in" }).waitFor();
    await context.close();
  });
});
