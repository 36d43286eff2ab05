import { readFile } from "node:fs/promises";
import type { Browser, ElementHandle, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startReceiver } from "../packages/server/src/test/webhook-receiver.js";
import { E2E_ADMIN, adminToken, api, launchBrowser, loginAs, newPage, screenshot } from "./support/browser.js";

/**
 * Reports (issue 15): an admin filters the tickets of a queue by attendant, status and period,
 * reads the charts, pages, keeps the filters over a reload, is kept from downloading more than
 * 60 days, and downloads the CSV of a valid period (file checked); an attendant never sees them.
 * Customers write through an API connection, so the report counts real tickets and messages.
 */
const suffix = Date.now().toString(36);
const password = "attendant-password";
const attendant = { name: `Renata ${suffix}`, email: `renata-${suffix}@e2e.atendo.test` };
const queueName = `Reports ${suffix}`;
let browser: Browser;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let queueId: number;
/** The install's clock: the report's days and datetime-local fields are read on it. */
let timeZone: string;
const opened: number[] = [];
const closed: number[] = [];
const TOTAL = 24;

/** `daysAgo` days before now on the install's clock, at midnight, as a datetime-local field takes it. */
function localMidnight(daysAgo: number): string {
  const parts = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(
    new Date(Date.now() - daysAgo * 86_400_000),
  );
  return `${parts}T00:00`;
}

beforeAll(async () => {
  browser = await launchBrowser();
  receiver = await startReceiver();
  ({ timeZone } = await api<{ timeZone: string }>("/public/config"));
  const admin = await adminToken();
  const queue = await api<{ id: number }>("/queue", {
    method: "POST",
    token: admin,
    body: JSON.stringify({ name: queueName, color: "#6A1B9A" }),
  });
  queueId = queue.id;
  const user = await api<{ id: number }>("/users", {
    method: "POST",
    token: admin,
    body: JSON.stringify({ ...attendant, password, profile: "user", queueIds: [queue.id] }),
  });
  const connection = await api<{ id: number; apiToken: string }>("/whatsapp", {
    method: "POST",
    token: admin,
    body: JSON.stringify({ name: `Reports line ${suffix}`, kind: "api", destinationType: "queue", destinationItem: queue.id, webhookUrl: receiver.url }),
  });
  const { token } = await api<{ token: string }>("/auth/login", { method: "POST", body: JSON.stringify({ email: attendant.email, password }) });
  // 24 customers write; the attendant answers six of them and resolves three.
  for (let index = 0; index < TOTAL; index++) {
    const { ticketId } = await api<{ ticketId: number }>(`/channels/${connection.id}/messages`, {
      method: "POST",
      headers: { authorization: `Bearer ${connection.apiToken}` },
      body: JSON.stringify({
        externalId: `report-${suffix}-${index}`,
        from: { name: `Customer ${index} ${suffix}`, number: `55319${(Date.now() + index).toString().slice(-8)}` },
        body: "Hello, I need help",
      }),
    });
    if (index >= 6) continue;
    await api(`/tickets/${ticketId}`, { method: "PUT", token, body: JSON.stringify({ status: "open", userId: user.id, action: "assigned" }) });
    await api(`/messages/${ticketId}`, { method: "POST", token, body: JSON.stringify({ body: "Happy to help" }) });
    if (index < 3) {
      await api(`/tickets/${ticketId}`, { method: "PUT", token, body: JSON.stringify({ status: "closed", action: "closed", sendFarewellMessage: false }) });
      closed.push(ticketId);
    } else opened.push(ticketId);
  }
});

afterAll(async () => {
  await browser.close();
  await receiver.close();
});

const rows = (page: Page) => page.getByRole("region", { name: "Tickets" }).getByRole("row");
const countLine = (page: Page, count: number) => page.getByText(`${count} tickets found`, { exact: true });

/**
 * Changes several fields within one task, as the browser delivers a person's quick changes on a
 * busy machine: the page sees the second before it has drawn the first. (In the page's own world,
 * through the input's native setter, so React sees a change as it does from the keyboard.)
 */
async function changeTogether(...changes: [Locator, string][]): Promise<void> {
  const fields = await Promise.all(changes.map(([field]) => field.elementHandle()));
  await fields[0]!.evaluate(
    (_first, [inputs, values]) => {
      const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")!.set!;
      inputs.forEach((input, index) => {
        setValue.call(input, values[index]);
        input.dispatchEvent(new Event("input", { bubbles: true }));
      });
    },
    [fields as ElementHandle<HTMLInputElement>[], changes.map(([, value]) => value)] as const,
  );
}

async function choose(page: Page, field: string, option: string): Promise<void> {
  await page.getByRole("combobox", { name: field }).click();
  await page.getByRole("option", { name: option, exact: true }).click();
}

describe("reports", () => {
  it("filters, pages and charts a queue's tickets, keeps the filters over a reload, and downloads the CSV of at most 60 days", async () => {
    const { context, page } = await newPage(browser);
    await loginAs(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await page.getByRole("link", { name: "Reports" }).click();
    await page.waitForURL("**/dashboard");
    await page.getByRole("heading", { name: "Reports", level: 1 }).waitFor();

    // The queue: its 24 tickets, 20 on the first page; the charts count them too.
    await choose(page, "Queue", queueName);
    await countLine(page, TOTAL).waitFor();
    await expect.poll(() => rows(page).count()).toBe(21);
    await page.getByText(`New (${TOTAL})`).waitFor();
    await page.getByText("Sent (6)").waitFor();
    for (const chart of ["Conversations per day", "Messages per day", "First response time", "Resolution time", "Busiest hours"]) {
      await page.getByRole("heading", { name: chart, level: 3 }).waitFor();
    }
    await page.getByText(attendant.name, { exact: true }).first().waitFor();
    await screenshot(page, "reports-queue");

    // The charts read out with the keyboard: the last day of the period is today.
    const perDay = page.getByRole("group", { name: /^Conversations per day/ });
    await perDay.focus();
    await perDay.press("End");
    const today = new Intl.DateTimeFormat("en-GB", { timeZone, day: "2-digit", month: "2-digit", year: "numeric" }).format(new Date());
    await page.getByText(new RegExp(`^${today}, New: ${TOTAL}, Resolved: 3$`)).waitFor({ state: "attached" });

    // Page 2, kept with the filters over a reload.
    await page.getByRole("button", { name: "Next" }).click();
    await page.getByText("Page 2 of 2").waitFor();
    await expect.poll(() => rows(page).count()).toBe(TOTAL - 20 + 1);
    await page.reload();
    await page.getByText("Page 2 of 2").waitFor();
    await countLine(page, TOTAL).waitFor();
    expect(await page.getByRole("combobox", { name: "Queue" }).textContent()).toContain(queueName);

    // Status and attendant narrow it; a filter goes back to the first page.
    await choose(page, "Status", "Waiting");
    await countLine(page, TOTAL - 6).waitFor();
    expect(new URL(page.url()).searchParams.get("page")).toBeNull();
    await page.getByRole("combobox", { name: "Attendant" }).fill(attendant.name.slice(0, 6));
    await page.getByRole("option", { name: new RegExp(attendant.name) }).click();
    await page.getByText("No ticket matches these filters.").waitFor();
    await choose(page, "Status", "Resolved");
    await page.getByText("3 tickets found", { exact: true }).waitFor();
    await choose(page, "Period", "Last two months");
    await page.getByText("3 tickets found", { exact: true }).waitFor();
    const ids = await rows(page).locator("td:first-child").allTextContents();
    expect(ids.sort()).toEqual(closed.map((id) => `#${id}`).sort());

    // A custom period longer than 60 days cannot be downloaded nor charted, and says why; the table stays.
    await choose(page, "Period", "Custom");
    const download = page.getByRole("button", { name: "Download CSV" });
    await page.getByLabel(/^Start/).fill(localMidnight(70));
    await page.getByText("A download covers at most 60 days: shorten the period to download it.").waitFor();
    await page.getByText("Charts cover at most 60 days: shorten the period to see them.").waitFor();
    expect(await page.getByRole("heading", { name: "Conversations per day", level: 3 }).count()).toBe(0);
    await page.getByText("3 tickets found", { exact: true }).waitFor();
    expect(await download.isDisabled()).toBe(true);
    await screenshot(page, "reports-too-long");

    // The fields offer the years the server takes; a year past them is never asked for (issue 28).
    const end = page.getByLabel(/^End/);
    expect([await end.getAttribute("min"), await end.getAttribute("max")]).toEqual([localMidnight(70), "2100-12-31T23:59"]);
    await end.fill("9999-12-31T00:00");
    await page.getByText("Write a real end date and time, from 2000 to 2100.").first().waitFor();
    expect(await page.getByText("3 tickets found", { exact: true }).count()).toBe(0);

    // Start required: without it nothing is asked for. End and Start are cleared in one go, as a
    // person on a busy machine does before the page has drawn the first change: the second
    // change keeps the first (it used to write the old End back, leaving the period invalid).
    await changeTogether([end, ""], [page.getByLabel(/^Start/), ""]);
    await page.getByText("Choose a start date.").first().waitFor();
    expect(await end.inputValue()).toBe("");

    // A valid period: the CSV of the three resolved tickets, with a BOM and English headers.
    await page.getByLabel(/^Start/).fill(localMidnight(2));
    await page.getByText("3 tickets found", { exact: true }).waitFor();
    const [file] = await Promise.all([page.waitForEvent("download"), download.click()]);
    expect(file.suggestedFilename()).toMatch(/^tickets-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/);
    const bytes = await readFile(await file.path());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.subarray(3).toString("utf8").trim().split(/\r?\n/);
    expect(lines[0]).toBe("Ticket,Attendant,Queue,Connection,Status,Client name,Client number,Created at,Closed at,Labels,Rating,Rating comment,First response SLA,Resolution SLA");
    expect(lines.slice(1).map((line) => Number(line.split(",")[0])).sort()).toEqual([...closed].sort());
    for (const line of lines.slice(1)) expect(line).toContain(`,${attendant.name},${queueName},Reports line ${suffix},Resolved,Customer `);
    await context.close();
  });

  it("downloads the CSV with Portuguese headers for a user reading in Portuguese, on a 500 px wide window", async () => {
    const { context, page } = await newPage(browser, { width: 500, height: 900 });
    await loginAs(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await page.getByLabel("Language").click();
    await page.getByRole("menuitem", { name: "Português" }).click();
    await page.goto(`/dashboard?queueId=${queueId}&status=open`);
    await page.getByRole("heading", { name: "Relatórios", level: 1 }).waitFor();
    await page.getByText("3 tickets encontrados", { exact: true }).waitFor();
    await page.getByRole("heading", { name: "Conversas por dia", level: 3 }).waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, "no sideways scrolling").toBe(0);
    await screenshot(page, "reports-pt-500");

    const [file] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Baixar CSV" }).click()]);
    const lines = (await readFile(await file.path())).subarray(3).toString("utf8").trim().split(/\r?\n/);
    expect(lines[0]).toBe("Ticket,Atendente,Fila,Conexão,Status,Nome do cliente,Número do cliente,Criado em,Fechado em,Etiquetas,Avaliação,Comentário da avaliação,SLA de primeira resposta,SLA de resolução");
    expect(lines.slice(1).map((line) => Number(line.split(",")[0])).sort()).toEqual([...opened].sort());
    await context.close();
  });

  it("sends an attendant who opens /dashboard to the tickets", async () => {
    const { context, page } = await newPage(browser);
    await loginAs(page, attendant.email, password);
    expect(await page.getByRole("link", { name: "Reports" }).count()).toBe(0);
    await page.goto("/dashboard");
    await page.waitForURL("**/tickets");
    await context.close();
  });
});
