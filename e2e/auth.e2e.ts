import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminToken, api, baseUrl, E2E_ADMIN, launchBrowser, loginAs, newPage, screenshot, signedIn } from "./support/browser.js";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

describe("signing in and out", () => {
  it("keeps the submit button disabled until the email is valid and a password is typed", async () => {
    const { context, page } = await newPage(browser);
    await page.goto("/login");
    const submit = page.getByRole("button", { name: "Sign in" });
    expect(await submit.isDisabled()).toBe(true);
    await page.getByLabel("Email").fill("not-an-email");
    await page.getByLabel("Password", { exact: true }).fill("something");
    expect(await submit.isDisabled()).toBe(true);
    await page.getByLabel("Email").fill(E2E_ADMIN.email);
    expect(await submit.isEnabled()).toBe(true);
    await page.getByLabel("Show password").click();
    expect(await page.getByLabel("Password", { exact: true }).getAttribute("type")).toBe("text");
    await context.close();
  });

  it("shows the translated error for a wrong password and stays on /login", async () => {
    const { context, page } = await newPage(browser);
    await page.goto("/login");
    await page.getByLabel("Email").fill(E2E_ADMIN.email);
    await page.getByLabel("Password", { exact: true }).fill("wrong-password");
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByRole("alert").filter({ hasText: "Access denied: check your email and password." }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/login");
    await context.close();
  });

  it("shows the error in Portuguese for a Portuguese browser", async () => {
    const { context, page } = await newPage(browser, { locale: "pt-BR" });
    await page.goto("/login");
    await page.getByLabel("E-mail").fill(E2E_ADMIN.email);
    await page.getByLabel("Senha", { exact: true }).fill("wrong-password");
    await page.getByRole("button", { name: "Entrar" }).click();
    await page.getByRole("alert").filter({ hasText: "Acesso negado" }).waitFor();
    await context.close();
  });

  it("signs the admin in to /tickets, keeps the session on reload, and logs out to /login", async () => {
    const { context, page } = await newPage(browser);
    await loginAs(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await page.getByRole("heading", { name: "Conversations" }).waitFor();
    await page.reload();
    await page.getByRole("heading", { name: "Conversations" }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/tickets");

    await page.goto("/login");
    await page.waitForURL("**/tickets");

    await page.getByLabel("Account menu").click();
    await page.getByRole("menuitem", { name: "Logout" }).click();
    await page.waitForURL("**/login");
    await page.goto("/settings");
    await page.waitForURL("**/login");
    await context.close();
  });

  it("sends anonymous visitors of private routes to /login", async () => {
    const { context, page } = await newPage(browser);
    for (const path of ["/", "/tickets", "/contacts", "/settings"]) {
      await page.goto(path);
      await page.waitForURL("**/login");
    }
    await context.close();
  });

  it("goes to /login when the session has expired", async () => {
    const { context, page } = await newPage(browser);
    await loginAs(page, E2E_ADMIN.email, E2E_ADMIN.password);
    // The tickets page has loaded what it shows (nothing still in flight with the good token).
    await page.getByRole("list", { name: "Open tickets" }).or(page.getByText("No open tickets.", { exact: false })).first().waitFor();
    // The server forgets this browser: refresh cookie gone, access token no longer valid.
    await context.clearCookies();
    await page.evaluate(() => localStorage.setItem("token", "expired.or.revoked"));
    await page.getByRole("link", { name: "Settings" }).click();
    await page.waitForURL("**/login");
    expect(await page.evaluate(() => localStorage.getItem("token"))).toBeNull();
    await context.close();
  });
});

describe("a sign-in the server ends while its screen is open (issue 28)", () => {
  /** An attendant for one journey, signed in on a page whose live connection is up. */
  async function attendantOnScreen(name: string) {
    const admin = await adminToken();
    const email = `${name.toLowerCase()}-${Date.now()}@ended.e2e.atendo.test`;
    const user = await api<{ id: number }>("/users", { method: "POST", token: admin, body: JSON.stringify({ name, email, password: "first-pass-1" }) });
    const { context, page } = await signedIn(browser, email, "first-pass-1");
    return { admin, user, email, context, page };
  }

  it("goes to the sign-in page at once and says the password was changed, without a click", async () => {
    const { admin, user, context, page } = await attendantOnScreen("Enzo");
    await page.getByRole("heading", { name: "Conversations" }).waitFor();
    await api(`/users/${user.id}`, { method: "PUT", token: admin, body: JSON.stringify({ password: "set-by-the-admin-2" }) });
    await page.waitForURL("**/login");
    await page.getByRole("alert").filter({ hasText: "Your password was changed, on another device or by an administrator." }).waitFor();
    await screenshot(page, "session-ended-password-changed");
    expect(await page.evaluate(() => localStorage.getItem("token"))).toBeNull();
    await context.close();
  });

  it("says so in the page's language when the user is removed", async () => {
    const { admin, user, context, page } = await attendantOnScreen("Iara");
    await page.getByRole("button", { name: "Language: EN" }).click();
    await page.getByRole("menuitem", { name: "Português" }).click();
    await page.getByRole("heading", { name: "Atendimentos" }).waitFor();
    const removed = await fetch(`${baseUrl()}/api/users/${user.id}`, { method: "DELETE", headers: { authorization: `Bearer ${admin}` } });
    expect(removed.status).toBe(200);
    await page.waitForURL("**/login");
    await page.getByRole("alert").filter({ hasText: "Um administrador removeu seu usuário." }).waitFor();
    await context.close();
  });

  it("says nothing on the sign-in page of the tab that logged out", async () => {
    const { context, page } = await attendantOnScreen("Otto");
    await page.getByLabel("Account menu").click();
    await page.getByRole("menuitem", { name: "Logout" }).click();
    await page.waitForURL("**/login");
    await page.getByRole("button", { name: "Sign in" }).waitFor();
    expect(await page.locator(".auth-alert").count()).toBe(0);
    await context.close();
  });
});
