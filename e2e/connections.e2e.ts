import type { Connection } from "@atendo/contracts";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminToken, api, E2E_ADMIN, launchBrowser, liveConnection, loginAs, newPage } from "./support/browser.js";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

describe("connections", () => {
  it("creates an API connection that sends new conversations to a queue and lists it", async () => {
    const suffix = Date.now().toString(36);
    const queueName = `Billing ${suffix}`;
    const name = `Website chat ${suffix}`;
    await api("/queue", { method: "POST", token: await adminToken(), body: JSON.stringify({ name: queueName, color: "#3F51B5" }) });

    const { context, page } = await newPage(browser);
    await loginAs(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await page.getByRole("link", { name: "Connections" }).click();
    await page.getByRole("heading", { name: "Connections" }).waitFor();
    await page.getByRole("link", { name: "Add connection" }).click();
    await page.waitForURL("**/connections/new");

    await page.getByRole("combobox", { name: "Kind" }).click();
    await page.getByRole("option", { name: "API" }).click();
    await page.getByLabel("Webhook URL").waitFor();
    await page.getByLabel(/^Name/).fill(name);
    await page.getByLabel("Label").fill("Site");
    await page.getByRole("combobox", { name: /Destination type/ }).click();
    // Every kind is routed (issue 13): none is offered disabled.
    for (const kind of ["User", "Queue", "URA", "Announcement", "Monitoring"]) {
      expect(await page.getByRole("option", { name: kind, exact: true }).isEnabled(), kind).toBe(true);
    }
    await page.getByRole("option", { name: "Queue" }).click();
    await page.getByRole("combobox", { name: /^Destination(?! type)/ }).click();
    await page.getByRole("option", { name: queueName }).click();
    await page.getByRole("button", { name: "Save" }).click();

    await page.waitForURL("**/connections");
    await page.getByRole("alert").filter({ hasText: "Connection saved." }).waitFor();
    const row = page.getByRole("row").filter({ hasText: name });
    await row.getByRole("cell", { name: "Site", exact: true }).waitFor();
    await row.getByText("API", { exact: true }).waitFor();
    expect(await row.getByRole("link", { name: "Simulator" }).isVisible()).toBe(true);
    expect(await row.getByRole("button", { name: "QR code" }).count()).toBe(0);
    await context.close();
  });

  it("writes as a customer of the demo connection in the simulator and sees the message and the reply live", async () => {
    const text = `Hi, my order has not arrived ${Date.now().toString(36)}`;
    const { context, page } = await newPage(browser);
    const live = liveConnection(page);
    await loginAs(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await live;
    await page.getByRole("link", { name: "Connections" }).click();
    const row = page.getByRole("row").filter({ hasText: "Demo (API)" });
    await row.getByRole("link", { name: "Simulator" }).click();
    await page.waitForURL("**/connections/*/simulator");
    await page.getByRole("heading", { name: "Customer simulator · Demo (API)" }).waitFor();

    const number = `55119${Date.now().toString().slice(-8)}`;
    await page.getByLabel(/^Customer number/).fill(number);
    await page.getByLabel("Message").fill(text);
    await page.getByRole("button", { name: "Send" }).click();

    const conversation = page.getByRole("list", { name: "Conversation" });
    await conversation.getByRole("listitem").filter({ hasText: text }).waitFor();
    await page.getByText(/Ticket #\d+/).waitFor();
    expect(await page.getByLabel("Message").inputValue()).toBe("");

    // An attendant answers (through the API here: the tickets screen is not built yet); the
    // reply reaches the simulated customer live.
    const token = await adminToken();
    const connectionId = /connections\/(\d+)\/simulator/.exec(page.url())?.[1];
    const { ticket } = await api<{ ticket: { id: number } }>(`/simulator/${connectionId}/messages?number=${number}`, { token });
    await api(`/messages/${ticket.id}`, { method: "POST", token, body: JSON.stringify({ body: "Let me check your order." }) });
    await conversation.getByRole("listitem").filter({ hasText: "Attendant" }).filter({ hasText: "Let me check your order." }).waitFor();
    await context.close();
  });

  it("shows a WhatsApp connection's QR code and pairs by phone number instead", async () => {
    // This network cannot reach WhatsApp: the list answers one connection waiting for its QR, as
    // the server reports it, and the pairing call answers a code (both are tested on the server).
    const { context, page } = await newPage(browser);
    const waiting: Connection = {
      id: 9001,
      name: "Front desk",
      label: null,
      kind: "whatsapp",
      number: null,
      status: "qrcode",
      qrcode: "2@pairing-test-code,abc,def,ghi",
      retries: 0,
      isDefault: false,
      canCloseTicketByMessage: false,
      farewellMessage: "",
      ignoreGroups: false,
      closeCode: "#",
      businessHours: null,
      outOfHoursMessage: "",
      destinations: [],
      webhookUrl: null,
      apiToken: null,
      webhookSecret: null,
      createdAt: new Date().toISOString(),
      updatedAt: new Date().toISOString(),
    };
    await page.route("**/api/whatsapp", async (route) => {
      const response = await route.fetch();
      const list = (await response.json()) as unknown[];
      await route.fulfill({ response, json: [...list, waiting] });
    });
    const asked: unknown[] = [];
    await page.route("**/api/whatsappsession/9001/pairing-code", async (route) => {
      asked.push(route.request().postDataJSON());
      await route.fulfill({ json: { code: "ABCD1234" } });
    });
    await loginAs(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await page.goto("/connections");
    await page.getByRole("row").filter({ hasText: "Front desk" }).getByRole("button", { name: "QR code" }).click();
    const dialog = page.getByRole("dialog", { name: "Scan the QR code of Front desk" });
    await dialog.getByRole("img", { name: "QR code to connect Front desk" }).waitFor();

    await dialog.getByRole("button", { name: "Link with a phone number instead" }).click();
    const byNumber = page.getByRole("dialog", { name: "Link Front desk with a phone number" });
    await byNumber.getByLabel("Phone number").fill("12");
    await byNumber.getByRole("button", { name: "Get code" }).click();
    await byNumber.getByText("Type the phone's full number, 8 to 50 digits.").waitFor();
    expect(asked).toEqual([]);
    await byNumber.getByLabel("Phone number").fill("+55 (11) 98888-7777");
    await byNumber.getByRole("button", { name: "Get code" }).click();
    await byNumber.getByLabel("Pairing code").filter({ hasText: "ABCD1234" }).waitFor();
    expect(asked).toEqual([{ number: "+55 (11) 98888-7777" }]);
    await context.close();
  });
});
