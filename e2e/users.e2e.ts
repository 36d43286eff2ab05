import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { E2E_ADMIN, adminToken, api, createQueue, launchBrowser, loginAs, newPage, screenshot } from "./support/browser.js";
import { openConfigPage } from "./support/admin-nav.js";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

const unique = () => Date.now().toString(36) + Math.floor(Math.random() * 1000).toString(36);

async function openUsers(page: Page): Promise<void> {
  await loginAs(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await openConfigPage(page, "Users");
  await page.getByRole("heading", { name: "Users" }).waitFor();
}

describe("users", () => {
  it("creates an attendant in a queue who can then sign in", async () => {
    const id = unique();
    const queueName = `Night ${id}`;
    await api("/queue", { method: "POST", token: await adminToken(), body: JSON.stringify({ name: queueName, color: "#607D8B" }) });
    const attendant = { name: `Beto ${id}`, email: `beto-${id}@e2e.atendo.test`, password: "attendant-pass-1" };

    const admin = await newPage(browser);
    await openUsers(admin.page);
    await admin.page.getByRole("link", { name: "Add user" }).click();
    const dialog = admin.page.getByRole("dialog", { name: "New user" });
    await dialog.getByLabel("Name").fill(attendant.name);
    await dialog.getByLabel("Email").fill(attendant.email);
    await dialog.getByLabel(/^Password/).fill(attendant.password);
    await dialog.getByLabel("Extension").fill("2042");
    await dialog.getByRole("combobox", { name: "Queues" }).click();
    await admin.page.getByRole("option", { name: queueName }).click();
    await admin.page.keyboard.press("Escape");
    await dialog.getByRole("button", { name: "Save" }).click();

    await admin.page.getByRole("alert").filter({ hasText: "User saved." }).waitFor();
    await dialog.waitFor({ state: "detached" });
    expect(new URL(admin.page.url()).pathname).toBe("/users");
    const row = admin.page.getByRole("row").filter({ hasText: attendant.email });
    await row.getByText(queueName).waitFor();
    expect(await row.getByText("2042").isVisible()).toBe(true);

    const second = await newPage(browser);
    await loginAs(second.page, attendant.email, attendant.password);
    await second.page.getByRole("link", { name: "Quick answers" }).waitFor();
    expect(await second.page.getByRole("link", { name: "Users" }).count()).toBe(0);
    await second.page.goto("/users");
    await second.page.waitForURL("**/tickets");
    await second.context.close();
    await admin.context.close();
  });

  it("makes a supervisor, who gets the Supervision screens (reports, monitor) and none of the administration", async () => {
    const id = unique();
    const supervisor = { name: `Sara ${id}`, email: `sara-${id}@e2e.atendo.test`, password: "supervisor-pass-1" };
    const admin = await newPage(browser);
    await openUsers(admin.page);
    await admin.page.getByRole("link", { name: "Add user" }).click();
    const dialog = admin.page.getByRole("dialog", { name: "New user" });
    await dialog.getByLabel("Name").fill(supervisor.name);
    await dialog.getByLabel("Email").fill(supervisor.email);
    await dialog.getByLabel(/^Password/).fill(supervisor.password);
    await dialog.getByRole("combobox", { name: "Profile" }).click();
    await admin.page.getByRole("option", { name: "Supervisor" }).click();
    // What the word means is said under the field.
    await dialog.getByText("Sees and manages every ticket and chat", { exact: false }).waitFor();
    await dialog.getByRole("button", { name: "Save" }).click();
    await admin.page.getByRole("alert").filter({ hasText: "User saved." }).waitFor();
    await admin.page.getByRole("row").filter({ hasText: supervisor.email }).getByText("Supervisor").waitFor();
    await admin.context.close();

    const { context, page } = await newPage(browser, { width: 1280 });
    await loginAs(page, supervisor.email, supervisor.password);
    const nav = page.getByRole("navigation", { name: "Main menu" });
    const section = nav.getByRole("list", { name: "Supervision" }).getByRole("link");
    await section.first().waitFor();
    expect(await section.allTextContents()).toEqual(["Reports", "Live monitor"]);
    expect(await nav.getByRole("list", { name: "Administration" }).count()).toBe(0);
    await section.filter({ hasText: "Live monitor" }).click();
    await page.waitForURL("**/monitor");
    await page.getByRole("heading", { name: "Live monitor" }).waitFor();
    await screenshot(page, "supervisor-drawer-monitor-1280");
    await section.filter({ hasText: "Reports" }).click();
    await page.waitForURL("**/dashboard");
    await page.getByRole("heading", { name: "Reports" }).waitFor();
    // The administration's pages send a supervisor to the tickets, as they do an attendant.
    for (const path of ["/users", "/settings", "/connections", "/about"]) {
      await page.goto(path);
      await page.waitForURL("**/tickets");
    }
    await context.close();
  });

  it("re-enables a deleted user: warning, Enable, and the user signs in again", async () => {
    const id = unique();
    const email = `rita-${id}@e2e.atendo.test`;
    await api("/users", {
      method: "POST",
      token: await adminToken(),
      body: JSON.stringify({ name: `Rita ${id}`, email, password: "old-password-1" }),
    });

    const { context, page } = await newPage(browser);
    await openUsers(page);
    await page.getByLabel("Search users").fill(email);
    const row = page.getByRole("row").filter({ hasText: email });
    await row.getByRole("button", { name: `Delete Rita ${id}` }).click();
    const confirm = page.getByRole("dialog", { name: `Delete Rita ${id}?` });
    await confirm.getByRole("button", { name: "Delete" }).click();
    await page.getByRole("alert").filter({ hasText: "User deleted." }).waitFor();
    await row.waitFor({ state: "detached" });

    await page.getByRole("link", { name: "Add user" }).click();
    const dialog = page.getByRole("dialog", { name: "New user" });
    await dialog.getByLabel("Name").fill(`Rita Back ${id}`);
    await dialog.getByLabel("Email").fill(email);
    await dialog.getByLabel(/^Password/).fill("new-password-2");
    await dialog.getByRole("button", { name: "Save" }).click();

    await dialog.getByRole("alert").filter({ hasText: `Rita ${id} was removed and has this email.` }).waitFor();
    await dialog.getByRole("button", { name: "Enable" }).click();
    await page.getByRole("alert").filter({ hasText: "User enabled again." }).waitFor();
    await dialog.waitFor({ state: "detached" });
    await page.getByRole("row").filter({ hasText: `Rita Back ${id}` }).waitFor();

    const second = await newPage(browser);
    await loginAs(second.page, email, "new-password-2");
    await second.context.close();
    await context.close();
  });

  it("sets a user's default connection, shows it again, and clears it", async () => {
    const id = unique();
    const token = await adminToken();
    const queue = await createQueue(token, { name: `Lines ${id}` });
    const lineName = `Branch line ${id}`;
    const line = await api<{ id: number }>("/whatsapp", {
      method: "POST",
      token,
      body: JSON.stringify({ name: lineName, kind: "api", destinationType: "queue", destinationItem: queue.id }),
    });
    const name = `Caio ${id}`;
    const email = `caio-${id}@e2e.atendo.test`;
    const user = await api<{ id: number }>("/users", { method: "POST", token, body: JSON.stringify({ name, email, password: "caio-password-1" }) });

    const { context, page } = await newPage(browser);
    await openUsers(page);
    await page.getByLabel("Search users").fill(email);
    const row = page.getByRole("row").filter({ hasText: email });
    const edit = async () => {
      await row.getByRole("button", { name: `Edit ${name}` }).click();
      const dialog = page.getByRole("dialog", { name: "Edit user" });
      await dialog.getByLabel("Name").waitFor();
      return dialog;
    };

    let dialog = await edit();
    await dialog.getByRole("combobox", { name: "Default connection" }).click();
    await page.getByRole("option", { name: lineName }).click();
    await dialog.getByRole("button", { name: "Save" }).click();
    await page.getByRole("alert").filter({ hasText: "User saved." }).waitFor();
    await dialog.waitFor({ state: "detached" });
    expect((await api<{ whatsapp: unknown }>(`/users/${user.id}`, { token })).whatsapp).toEqual({ id: line.id, name: lineName });

    dialog = await edit();
    const field = dialog.getByRole("combobox", { name: "Default connection" });
    expect(await field.textContent()).toBe(lineName);
    await field.click();
    await page.getByRole("option", { name: "None" }).click();
    await dialog.getByRole("button", { name: "Save" }).click();
    await dialog.waitFor({ state: "detached" });
    expect(await api(`/users/${user.id}`, { token })).toMatchObject({ whatsappId: null, whatsapp: null });
    await context.close();
  });

  it("an attendant changes their own password from the profile, typing the current one", async () => {
    const id = unique();
    const attendant = { name: `Duda ${id}`, email: `duda-${id}@e2e.atendo.test`, password: "duda-old-pass-1" };
    await api("/users", { method: "POST", token: await adminToken(), body: JSON.stringify(attendant) });

    const { context, page } = await newPage(browser);
    await loginAs(page, attendant.email, attendant.password);
    await page.getByLabel("Account menu").click();
    await page.getByRole("menuitem", { name: "Profile" }).click();
    const dialog = page.getByRole("dialog", { name: "Profile" });
    // The current password is asked for only once a new one is typed.
    expect(await dialog.getByLabel(/^Current password/).count()).toBe(0);
    await dialog.getByLabel(/^New password/).fill("duda-new-pass-2");
    await dialog.getByLabel(/^Current password/).fill("not-my-password");
    await dialog.getByRole("button", { name: "Save" }).click();
    await page.getByRole("alert").filter({ hasText: "Your current password is missing or wrong." }).waitFor();

    await dialog.getByLabel(/^Current password/).fill(attendant.password);
    await dialog.getByRole("button", { name: "Save" }).click();
    await page.getByRole("alert").filter({ hasText: "Profile saved." }).waitFor();
    await dialog.waitFor({ state: "detached" });

    const second = await newPage(browser);
    await loginAs(second.page, attendant.email, "duda-new-pass-2");
    await second.context.close();
    await context.close();
  });
});
