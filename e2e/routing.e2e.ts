import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { E2E_ADMIN, adminToken, api, createQueue, launchBrowser, liveConnection, screenshot, signedIn } from "./support/browser.js";
import { openConfigPage } from "./support/admin-nav.js";

/**
 * The routing engine (issue 13), as an admin builds it and customers walk it. Through the screens
 * the admin makes an announcement, a monitoring, a sub-menu, a main menu and an API connection
 * that starts conversations at the main menu and lets customers close them with "#". Customers
 * then write in that connection's simulator: into a queue where an attendant (in a browser of
 * their own) accepts the ticket and sees it close by code, to the monitoring's owner, and through
 * the announcement into the queue. The queue, its attendant and a second connection straight to
 * the queue (a customer there shows the attendant's list is up to date) come from the API.
 */
const suffix = Date.now().toString(36);
const password = "attendant-password";
const attendant = { name: `Nina ${suffix}`, email: `nina-${suffix}@e2e.atendo.test` };
const queueName = `Sales ${suffix}`;
const greeting = `Hello from Sales ${suffix}! An attendant will be with you shortly.`;
const announcement = { name: `Opening hours ${suffix}`, text: `We are open Monday to Friday, 8 to 18 (${suffix}).` };
const monitoringName = `Alerts ${suffix}`;
const subMenu = {
  name: `Sales menu ${suffix}`,
  description: `Sales desk ${suffix}, choose:`,
  options: [
    { selector: "1", menuName: "Talk to sales", kind: "Queue", item: queueName },
    { selector: "2", menuName: "Our opening hours", kind: "Announcement", item: announcement.name },
  ],
};
const mainMenu = {
  name: `Main menu ${suffix}`,
  description: `Welcome to Harbour Store ${suffix}! Choose an option:`,
  options: [
    { selector: "1", menuName: "Sales", kind: "Menu (URA)", item: subMenu.name },
    { selector: "2", menuName: "Report an alert", kind: "Monitoring", item: monitoringName },
  ],
};
const connectionName = `Store chat ${suffix}`;
const farewell = `Thanks for writing to Harbour Store ${suffix}. Bye!`;

let browser: Browser;
let direct: { id: number; apiToken: string };

beforeAll(async () => {
  browser = await launchBrowser();
  const token = await adminToken();
  const queue = await createQueue(token, { name: queueName, greetingMessage: greeting });
  await api("/users", { method: "POST", token, body: JSON.stringify({ ...attendant, password, profile: "user", queueIds: [queue.id] }) });
  direct = await api<{ id: number; apiToken: string }>("/whatsapp", {
    method: "POST",
    token,
    body: JSON.stringify({ name: `Sales direct ${suffix}`, kind: "api", destinationType: "queue", destinationItem: queue.id }),
  });
});
afterAll(() => browser.close());

let customerSeq = 0;
/** A customer of the journey: a unique name and number. */
function newCustomer(name: string): { name: string; number: string } {
  customerSeq += 1;
  return { name: `${name} ${suffix}`, number: `55419${(Date.now() + customerSeq).toString().slice(-8)}` };
}

const signInAdmin = () => signedIn(browser, E2E_ADMIN.email, E2E_ADMIN.password);
const signInAttendant = () => signedIn(browser, attendant.email, password);

/** Clicks Save on a record's form and waits for its list with the toast and the record's row. */
async function saveAndFindRow(page: Page, listPath: string, toast: string, name: string): Promise<Locator> {
  await page.getByRole("button", { name: "Save" }).click();
  await page.waitForURL(`**${listPath}`);
  await page.getByRole("alert").filter({ hasText: toast }).waitFor();
  const row = page.getByRole("row").filter({ hasText: name });
  await row.waitFor();
  return row;
}

/** Opens a configuration page from the drawer's Settings and its tab, then its form from the add button. */
async function openNewForm(page: Page, tab: string, addLabel: string, formPath: string): Promise<void> {
  await openConfigPage(page, tab);
  await page.getByRole("link", { name: addLabel }).click();
  await page.waitForURL(`**${formPath}`);
}

/** Picks a destination type, then the item of that type, in `scope` (a form or a menu's option row). */
async function chooseDestination(page: Page, scope: Page | Locator, kind: string, item: string): Promise<void> {
  await scope.getByRole("combobox", { name: /Destination type/ }).click();
  await page.getByRole("option", { name: kind, exact: true }).click();
  await scope.getByRole("combobox", { name: /^Destination(?! type)/ }).click();
  await page.getByRole("option", { name: item, exact: true }).click();
}

async function buildMenu(page: Page, menu: typeof mainMenu): Promise<void> {
  await openNewForm(page, "Menus (URA)", "Add menu", "/URA/new");
  await page.getByLabel(/^Name/).fill(menu.name);
  await page.getByLabel(/^Description/).fill(menu.description);
  for (const [index, option] of menu.options.entries()) {
    if (index > 0) await page.getByRole("button", { name: "Add option" }).click();
    const row = page.getByRole("group", { name: `Option ${index + 1}` });
    await row.getByLabel(/^Selector/).fill(option.selector);
    await row.getByLabel(/^Menu name/).fill(option.menuName);
    await chooseDestination(page, row, option.kind, option.item);
  }
  const row = await saveAndFindRow(page, "/URA", "Menu saved.", menu.name);
  await row.getByText(`${menu.options.length} options`).waitFor();
}

/** The menu as the customer reads it: its text, one line per option, and the close code's line. */
const menuText = (menu: typeof mainMenu) =>
  [menu.description, "", ...menu.options.map((option) => `${option.selector} - ${option.menuName}`), "# - End the conversation"].join("\n");

const conversation = (page: Page) => page.getByRole("list", { name: "Conversation" });
/** A message of the company in the simulator: automatic (menus, greetings, farewell) or an attendant's. */
const reply = (page: Page, text: string) => conversation(page).getByRole("listitem").filter({ hasText: text });

/** The simulator of the journey's connection, opened from the connections list. */
async function openSimulator(page: Page): Promise<void> {
  await openConfigPage(page, "Connections");
  await page.getByRole("row").filter({ hasText: connectionName }).getByRole("link", { name: "Simulator" }).click();
  await page.getByRole("heading", { name: `Customer simulator · ${connectionName}` }).waitFor();
}

/** Switches the simulator to a new customer: their conversation is empty. */
async function becomeCustomer(page: Page, customer: { name: string; number: string }): Promise<void> {
  await page.getByLabel(/^Customer name/).fill(customer.name);
  await page.getByLabel(/^Customer number/).fill(customer.number);
  await page.getByText("No messages yet. Write the first one below.").waitFor();
}

/** The customer sends `text`; resolves once the simulator took it (the box is empty again). */
async function customerSays(page: Page, text: string): Promise<void> {
  const box = page.getByLabel("Message");
  await box.fill(text);
  await page.getByRole("button", { name: "Send" }).click();
  await expect.poll(() => box.inputValue()).toBe("");
}

/** Waits for a menu in the conversation and checks it reads as the customer must see it. */
async function menuShown(page: Page, menu: typeof mainMenu, count = 1): Promise<void> {
  const shown = reply(page, menu.description).filter({ hasText: "Automatic message" });
  await shown.nth(count - 1).waitFor();
  expect(await shown.nth(count - 1).innerText()).toContain(menuText(menu));
}

const rows = (page: Page, label: string) => page.getByRole("list", { name: label }).getByRole("listitem");

describe("routing through menus", () => {
  it("is built by an admin through the screens: announcement, monitoring, sub-menu, main menu and a connection", async () => {
    const { context, page } = await signInAdmin();

    await openNewForm(page, "Announcements", "Add announcement", "/announcements/new");
    await page.getByLabel(/^Name/).fill(announcement.name);
    await page.getByLabel(/^Message/).fill(announcement.text);
    await chooseDestination(page, page, "Queue", queueName);
    const announcementRow = await saveAndFindRow(page, "/announcements", "Announcement saved.", announcement.name);
    await announcementRow.getByText(`Queue · ${queueName}`).waitFor();

    await openNewForm(page, "Monitoring", "Add monitoring", "/monitoring/new");
    await page.getByLabel(/^Name/).fill(monitoringName);
    await page.getByRole("combobox", { name: /^Status/ }).click();
    await page.getByRole("option", { name: /^Open/ }).click();
    await page.getByRole("combobox", { name: /^Owner/ }).fill(attendant.name);
    await page.getByRole("option", { name: new RegExp(attendant.name) }).click();
    const monitoringRow = await saveAndFindRow(page, "/monitoring", "Monitoring saved.", monitoringName);
    await monitoringRow.getByRole("cell", { name: attendant.name, exact: true }).waitFor();
    await monitoringRow.getByText("Open", { exact: true }).waitFor();

    await buildMenu(page, subMenu);
    await buildMenu(page, mainMenu);

    await openNewForm(page, "Connections", "Add connection", "/connections/new");
    await page.getByRole("combobox", { name: "Kind" }).click();
    await page.getByRole("option", { name: "API", exact: true }).click();
    await page.getByLabel("Webhook URL").waitFor();
    await page.getByLabel(/^Name/).fill(connectionName);
    await chooseDestination(page, page, "Menu (URA)", mainMenu.name);
    await page.getByLabel("Farewell message").fill(farewell);
    // The close code is asked for only once customers may close by message.
    expect(await page.getByLabel(/^Close code/).count()).toBe(0);
    await page.getByLabel("Customers can close the conversation by message").check();
    expect(await page.getByLabel(/^Close code/).inputValue()).toBe("#");
    const connectionRow = await saveAndFindRow(page, "/connections", "Connection saved.", connectionName);
    await connectionRow.getByRole("link", { name: "Simulator" }).waitFor();
    await context.close();
  });

  it("walks a customer through two menus into the queue, where an attendant accepts the ticket, and closes it with the code", async () => {
    const attendantSide = await signInAttendant();
    const desk = attendantSide.page;
    await desk.getByRole("tab", { name: /^Waiting/ }).click();
    await desk.getByRole("list", { name: "Waiting tickets" }).or(desk.getByText("Nobody is waiting.")).first().waitFor();

    const adminSide = await signInAdmin();
    const simulator = adminSide.page;
    await openSimulator(simulator);
    // The admin's ticket list, beside the simulator, with every ticket shown.
    const list = await adminSide.context.newPage();
    const listLive = liveConnection(list);
    await list.goto("/tickets");
    await listLive;
    await list.getByRole("button", { name: "Filters" }).click();
    await list.getByRole("menuitemcheckbox", { name: "Show all tickets" }).click();
    await list.keyboard.press("Escape");
    await list.getByRole("tab", { name: /^Waiting/ }).press("Enter");

    const customer = newCustomer("Carla");
    await becomeCustomer(simulator, customer);
    await customerSays(simulator, "Hi");
    await menuShown(simulator, mainMenu);
    await simulator.getByText(/Ticket #\d+ · waiting · no queue/).waitFor();
    await screenshot(simulator, "simulator-menu-1280");

    // In the menu: the admin sees the ticket with its chip; the attendant does not, although a
    // customer who wrote later, straight to the queue, already reached their list.
    const inMenu = rows(list, "Waiting tickets").filter({ hasText: customer.name });
    await inMenu.getByText("Menu", { exact: true }).waitFor();
    await inMenu.getByTitle(`In menu: ${mainMenu.name}`).waitFor();
    await screenshot(list, "ticket-list-menu-chip-1280");
    const later = newCustomer("Lucas");
    await api(`/channels/${direct.id}/messages`, {
      method: "POST",
      headers: { authorization: `Bearer ${direct.apiToken}` },
      body: JSON.stringify({ externalId: `routing-${suffix}-later`, from: later, body: "Is anyone there?" }),
    });
    await rows(desk, "Waiting tickets").filter({ hasText: later.name }).waitFor();
    expect(await rows(desk, "Waiting tickets").filter({ hasText: customer.name }).count()).toBe(0);

    await customerSays(simulator, "1");
    await menuShown(simulator, subMenu);
    await inMenu.getByTitle(`In menu: ${subMenu.name}`).waitFor();
    await customerSays(simulator, "1.");
    await reply(simulator, greeting).waitFor();
    await simulator.getByText(new RegExp(`Ticket #\\d+ · waiting · ${queueName}`)).waitFor();

    // In the queue now: the attendant sees it arrive and accepts it.
    const waiting = rows(desk, "Waiting tickets").filter({ hasText: customer.name });
    await waiting.getByRole("button", { name: `Accept ticket from ${customer.name}` }).click();
    await desk.waitForURL(/\/tickets\/\d+$/);
    const open = rows(desk, "Open tickets").filter({ hasText: customer.name });
    await open.getByRole("link", { name: new RegExp(customer.name) }).and(desk.locator('[aria-current="page"]')).waitFor();
    await simulator.getByText(/Ticket #\d+ · in attendance/).waitFor();

    // The customer ends the conversation with the close code: the farewell, and the ticket is closed.
    await customerSays(simulator, "#");
    await reply(simulator, farewell).waitFor();
    await simulator.getByText(/Ticket #\d+ · closed/).waitFor();
    await open.waitFor({ state: "detached" });
    await attendantSide.context.close();
    await adminSide.context.close();
  });

  it("puts a customer who chooses the monitoring with its owner, and passes another through the announcement into the queue", async () => {
    const attendantSide = await signInAttendant();
    const desk = attendantSide.page;
    await desk.getByRole("list", { name: "Open tickets" }).or(desk.getByText("No open tickets.", { exact: false })).first().waitFor();
    const { context, page } = await signInAdmin();
    await openSimulator(page);
    const simulatorPath = new URL(page.url()).pathname;

    const alerting = newCustomer("Otavio");
    await becomeCustomer(page, alerting);
    await customerSays(page, "Hi");
    await menuShown(page, mainMenu);
    await customerSays(page, "2");
    await page.getByText(/Ticket #\d+ · in attendance · no queue/).waitFor();
    // Open with the owner at once: it arrives live in the attendant's open tickets.
    await rows(desk, "Open tickets").filter({ hasText: alerting.name }).getByRole("link", { name: new RegExp(alerting.name) }).waitFor();

    const asking = newCustomer("Ines");
    await becomeCustomer(page, asking);
    await customerSays(page, "Hi");
    await menuShown(page, mainMenu);
    await customerSays(page, "1");
    await menuShown(page, subMenu);
    await customerSays(page, "2");
    // The announcement is said, then the conversation goes on to its destination: the queue.
    await reply(page, greeting).waitFor();
    const said = await conversation(page).getByRole("listitem").filter({ hasText: "Automatic message" }).allInnerTexts();
    const announced = said.findIndex((text) => text.includes(announcement.text));
    expect(announced).toBeGreaterThan(-1);
    expect(said.findIndex((text) => text.includes(greeting))).toBe(announced + 1);
    await page.getByText(new RegExp(`Ticket #\\d+ · waiting · ${queueName}`)).waitFor();
    await context.close();

    // The same conversation on a 500 px wide window: it fits without sideways scrolling.
    const narrow = await signedIn(browser, E2E_ADMIN.email, E2E_ADMIN.password, { width: 500, height: 900 });
    await narrow.page.goto(simulatorPath);
    await narrow.page.getByLabel(/^Customer number/).fill(asking.number);
    await reply(narrow.page, announcement.text).waitFor();
    await menuShown(narrow.page, subMenu);
    const overflow = await narrow.page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBe(0);
    await screenshot(narrow.page, "simulator-500");
    await narrow.context.close();
    await attendantSide.context.close();
  });

  it("refuses to delete a menu another menu still leads to, naming it", async () => {
    const { context, page } = await signInAdmin();
    await openConfigPage(page, "Menus (URA)");
    await page.getByRole("row").filter({ hasText: subMenu.name }).getByRole("button", { name: `Delete ${subMenu.name}` }).click();
    await page.getByRole("dialog", { name: `Delete the menu ${subMenu.name}?` }).getByRole("button", { name: "Delete" }).click();

    const refused = page.getByRole("dialog", { name: "Still in use" });
    await refused.getByText("It cannot be deleted", { exact: false }).waitFor();
    const usedBy = refused.getByRole("list", { name: "Used by" }).getByRole("listitem");
    await usedBy.filter({ hasText: mainMenu.name }).filter({ hasText: "URA" }).waitFor();
    expect(await usedBy.count()).toBe(1);
    await screenshot(page, "ura-in-use-dialog-1280");
    await refused.getByRole("button", { name: "OK" }).click();
    await refused.waitFor({ state: "hidden" });
    // Still listed: nothing was deleted.
    await page.getByRole("row").filter({ hasText: subMenu.name }).waitFor();
    await context.close();
  });
});
