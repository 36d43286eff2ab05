import type { Browser, BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SpawnedServer } from "../packages/server/src/test/spawn-server.js";
import { startOidcProvider, type LocalOidcProvider } from "../packages/server/src/test/oidc-provider.js";
import { launchBrowser, screenshot } from "./support/browser.js";
import { contextOn, ownPort, startOwnServer } from "./support/own-server.js";

// Single sign-on needs its own server: OIDC_ISSUER pointing at a local OpenID provider this file
// starts (the provider's sign-in step passes straight through: the test decides who signs in).
// Passwords are off, as an install that has moved to single sign-on runs.
const admin = { email: "admin@sso.e2e.atendo.test", password: "admin-password-sso" };
const attendant = { name: "Sofia Single", email: "sofia@sso.e2e.atendo.test", password: "sofia-password-1" };

let browser: Browser;
let provider: LocalOidcProvider;
let server: SpawnedServer;
beforeAll(async () => {
  const port = ownPort();
  provider = await startOidcProvider({ redirectUri: `http://127.0.0.1:${port}/api/auth/oidc/callback` });
  // The break-glass administrator (ADMIN_EMAIL) still signs in with the password, here to add the attendant.
  server = await startOwnServer({
    port,
    admin,
    users: [attendant],
    env: {
      OIDC_ISSUER: provider.issuer,
      OIDC_CLIENT_ID: provider.clientId,
      OIDC_CLIENT_SECRET: provider.clientSecret,
      OIDC_BUTTON_LABEL: "Company ID",
      PASSWORD_SIGN_IN: "off",
    },
  });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await provider?.close();
});

async function newContext(): Promise<BrowserContext> {
  return contextOn(browser, server);
}

describe("single sign-on", () => {
  it("signs an attendant in through the provider with the login page's button", async () => {
    provider.signInAs({ sub: "sofia-1", email: attendant.email, email_verified: true, name: attendant.name });
    const context = await newContext();
    const page = await context.newPage();
    await page.goto("/login");
    const button = page.getByRole("link", { name: "Sign in with Company ID" });
    await button.waitFor();
    // Passwords are off: the form waits behind the break-glass link.
    expect(await page.getByLabel("Password", { exact: true }).count()).toBe(0);
    await screenshot(page, "sso-login");
    await button.click();
    await page.waitForURL("**/tickets");
    await page.getByRole("heading", { name: "Conversations" }).waitFor();
    // A session like a password sign-in's: it survives a reload (the refresh cookie).
    await page.reload();
    await page.getByRole("heading", { name: "Conversations" }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/tickets");
    await context.close();
  });

  it("shows why the provider's sign-in was refused", async () => {
    provider.signInAs({ sub: "sofia-1", email: attendant.email, email_verified: false });
    const context = await newContext();
    const page = await context.newPage();
    await page.goto("/login");
    await page.getByRole("link", { name: "Sign in with Company ID" }).click();
    await page.getByRole("alert").filter({ hasText: "Your e-mail address is not verified at the sign-in provider." }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/login");
    await screenshot(page, "sso-refused");
    await context.close();

    // In the page's language: the button and the catalogue's text.
    const pt = await browser.newContext({ baseURL: server.baseUrl, viewport: { width: 1280, height: 800 }, locale: "pt-BR" });
    const ptPage = await pt.newPage();
    await ptPage.goto("/login");
    await ptPage.getByRole("link", { name: "Entrar com Company ID" }).click();
    await ptPage.getByRole("alert").filter({ hasText: "Seu endereço de e-mail não está verificado no provedor de login." }).waitFor();
    await pt.close();
  });

  it("keeps the password form for the break-glass administrator", async () => {
    const context = await newContext();
    const page = await context.newPage();
    await page.goto("/login");
    await page.getByRole("button", { name: "Administrator sign-in with a password" }).click();
    await page.getByLabel("Email").fill(admin.email);
    await page.getByLabel("Password", { exact: true }).fill(admin.password);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await page.waitForURL("**/tickets");
    await context.close();
  });
});
