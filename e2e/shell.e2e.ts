import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminToken, api, E2E_ADMIN, launchBrowser, loginAs, newPage, screenshot } from "./support/browser.js";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

describe("the administration", () => {
  it("is About, Reports, Live monitor, Campaigns, Automations, Audit log and Settings; Settings opens /connections first, then the configuration page last visited", async () => {
    const { context, page } = await newPage(browser, { width: 1280 });
    await loginAs(page, E2E_ADMIN.email, E2E_ADMIN.password);
    const nav = page.getByRole("navigation", { name: "Main menu" });
    const admin = nav.getByRole("list", { name: "Administration" }).getByRole("link");
    await admin.first().waitFor();
    expect(await admin.allTextContents()).toEqual(["About", "Reports", "Live monitor", "Campaigns", "Automations", "Audit log", "Settings"]);

    const settings = nav.getByRole("link", { name: "Settings" });
    await settings.click();
    await page.waitForURL("**/connections");
    const tabs = page.getByRole("navigation", { name: "Configuration pages" });
    const tabNames = ["Connections", "Users", "Queues", "Menus (URA)", "Announcements", "Bots", "Monitoring", "Labels", "General"];
    await tabs.getByRole("tab", { name: "Connections" }).waitFor();
    expect(await tabs.getByRole("tab").allTextContents()).toEqual(tabNames);
    expect(await tabs.getByRole("tab", { name: "Connections" }).getAttribute("aria-selected")).toBe("true");
    expect(await settings.getAttribute("aria-current")).toBe("page");
    // The simulator left the drawer: it is one click from the connections page.
    expect(await page.getByRole("main").getByRole("link", { name: "Customer simulator" }).getAttribute("href")).toBe("/simulator");

    // The tabs move between the pages, by mouse and by keyboard.
    await tabs.getByRole("tab", { name: "Queues" }).click();
    await page.waitForURL("**/queues");
    await page.getByRole("heading", { name: "Queues" }).waitFor();
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("Enter");
    await page.waitForURL("**/URA");
    await page.getByRole("heading", { name: "Menus (URA)" }).waitFor();
    expect(await tabs.getByRole("tab", { name: "Menus (URA)" }).getAttribute("aria-selected")).toBe("true");
    await screenshot(page, "configuration-tabs-1280");

    // A form belongs to its page: the drawer's Settings stays selected and the page is remembered.
    await tabs.getByRole("tab", { name: "Queues" }).click();
    await page.getByRole("link", { name: "Add queue" }).click();
    await page.waitForURL("**/queues/new");
    expect(await settings.getAttribute("aria-current")).toBe("page");
    await nav.getByRole("link", { name: "Contacts" }).click();
    await page.waitForURL("**/contacts");
    // The address changes first; the drawer follows once the page (a lazy chunk) has rendered.
    await page.getByRole("heading", { name: "Contacts" }).waitFor();
    expect(await settings.getAttribute("aria-current")).toBeNull();
    expect(await page.getByRole("navigation", { name: "Configuration pages" }).count()).toBe(0);
    await settings.click();
    await page.waitForURL("**/queues");
    // Remembered across a reload too (a local preference).
    await page.reload();
    await nav.getByRole("link", { name: "Contacts" }).click();
    await settings.click();
    await page.waitForURL("**/queues");
    await context.close();
  });

  it("scrolls the configuration tabs on a phone", async () => {
    const { context, page } = await newPage(browser, { width: 390, height: 800 });
    await loginAs(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await page.goto("/monitoring");
    const tabs = page.getByRole("navigation", { name: "Configuration pages" });
    const selected = tabs.getByRole("tab", { name: "Monitoring" });
    expect(await selected.getAttribute("aria-selected")).toBe("true");
    // The selected tab is scrolled into view, and the page itself is not wider than the window.
    await page.waitForFunction(() => {
      const tab = document.querySelector('nav[aria-label="Configuration pages"] [role="tab"][aria-selected="true"]');
      const box = tab?.getBoundingClientRect();
      return box !== undefined && box.left >= 0 && box.right <= window.innerWidth;
    });
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await screenshot(page, "configuration-tabs-390");
    // The connections page's two header buttons (simulator, add) fit too.
    await tabs.getByRole("tab", { name: "Connections" }).click();
    await page.getByRole("link", { name: "Customer simulator" }).waitFor();
    await screenshot(page, "connections-390");
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    const main = await page.getByRole("main").evaluate((el) => el.scrollWidth <= el.clientWidth);
    expect(main).toBe(true);
    await context.close();
  });

  it("masks the API token in Settings: shown on demand, copied to the clipboard", async () => {
    const settings = await api<{ key: string; value: string }[]>("/settings", { token: await adminToken() });
    const token = settings.find((setting) => setting.key === "userApiToken")?.value ?? "";
    expect(token.length).toBeGreaterThan(10);
    const { context, page } = await newPage(browser);
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await loginAs(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await page.goto("/settings");
    const field = page.getByRole("textbox", { name: "API token" });
    await field.waitFor();
    expect(await field.inputValue()).not.toContain(token);
    expect(await field.inputValue()).toMatch(/^•+$/);
    await page.getByRole("button", { name: "Show API token" }).click();
    expect(await field.inputValue()).toBe(token);
    await page.getByRole("button", { name: "Hide API token" }).click();
    expect(await field.inputValue()).toMatch(/^•+$/);
    // Copying takes the real value, masked or not, and confirms it.
    await page.getByRole("button", { name: "Copy API token" }).click();
    await page.getByRole("button", { name: "Copied" }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token);
    await screenshot(page, "settings-api-token-1280");
    await context.close();
  });
});

describe("the shell", () => {
  it("switches to Portuguese and keeps it after a reload", async () => {
    const { context, page } = await newPage(browser);
    await loginAs(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await page.getByLabel("Language").click();
    await page.getByRole("menuitem", { name: "Português" }).click();
    await page.getByRole("link", { name: "Contatos" }).waitFor();
    await page.reload();
    await page.getByRole("link", { name: "Contatos" }).waitFor();
    expect(await page.getByRole("link", { name: "Contacts" }).count()).toBe(0);
    await context.close();
  });

  it("remembers a dismissed shutdown banner after a reload", async () => {
    const { context, page } = await newPage(browser);
    await page.goto("/login");
    const banner = page.getByRole("region", { name: "Shutdown notice" });
    await banner.getByText("This version will be shut down on 31/12.").waitFor();
    expect(await banner.getByRole("link", { name: "Migrate for free" }).getAttribute("href")).toBe(
      "https://wa.me/5500000000000",
    );
    await banner.getByRole("button", { name: "Dismiss notice" }).click();
    await banner.waitFor({ state: "detached" });
    await page.reload();
    await page.getByRole("button", { name: "Sign in" }).waitFor();
    expect(await page.getByRole("region", { name: "Shutdown notice" }).count()).toBe(0);
    await context.close();
  });

  it("uses a temporary drawer on a 500 px wide window", async () => {
    const { context, page } = await newPage(browser, { width: 500, height: 900 });
    await loginAs(page, E2E_ADMIN.email, E2E_ADMIN.password);
    const nav = page.getByRole("navigation", { name: "Main menu" });
    expect(await nav.isVisible()).toBe(false);
    await page.getByLabel("Open menu").click();
    await nav.getByRole("link", { name: "Contacts" }).click();
    await page.waitForURL("**/contacts");
    await nav.waitFor({ state: "hidden" });
    await context.close();
  });

  it("keeps a permanent, collapsible drawer on a wide window", async () => {
    const { context, page } = await newPage(browser, { width: 1280 });
    await loginAs(page, E2E_ADMIN.email, E2E_ADMIN.password);
    const nav = page.getByRole("navigation", { name: "Main menu" });
    await nav.waitFor();
    const drawerWidth = await nav.evaluate((el) => el.closest(".MuiDrawer-paper")?.getBoundingClientRect().width);
    expect(drawerWidth).toBe(240);
    await page.getByLabel("Close menu").click();
    await page.waitForFunction(() => {
      const el = document.querySelector('nav[aria-label="Main menu"]');
      return el !== null && el.getBoundingClientRect().width < 100;
    });
    await context.close();
  });

  it("says where Contact us messages go without SMTP, and shows them to admins under About → Messages", async () => {
    const text = `The settings page could show when the API token was last regenerated, please (${Date.now().toString(36)}).`;
    const { context, page } = await newPage(browser);
    await loginAs(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await page.getByRole("button", { name: "Contact us" }).click();
    const dialog = page.getByRole("dialog", { name: "Contact us" });
    await dialog.getByLabel("Message").fill(text);
    await dialog.getByRole("button", { name: "Send" }).click();
    // No SMTP in this run: stored for the administrators, and the dialog says so (not a failure).
    await dialog.getByRole("status").filter({ hasText: "Your message went to your administrators" }).waitFor();
    expect(await dialog.getByText("About → Messages", { exact: false }).isVisible()).toBe(true);
    expect(await page.getByText("could not be sent", { exact: false }).count()).toBe(0);
    await screenshot(page, "contact-us-stored-1280");
    await dialog.getByRole("button", { name: "Close" }).click();
    await dialog.waitFor({ state: "detached" });

    await page.getByRole("navigation", { name: "Main menu" }).getByRole("link", { name: "About" }).click();
    const messages = page.getByRole("article", { name: /^Message from Ada Admin/ }).filter({ hasText: text });
    await messages.waitFor();
    await messages.getByText("Not e-mailed: kept here only").waitFor();
    expect(await messages.getByText(`Ada Admin <${E2E_ADMIN.email}>`).isVisible()).toBe(true);
    await messages.scrollIntoViewIfNeeded();
    await screenshot(page, "about-messages-1280");
    await context.close();
  });
});
