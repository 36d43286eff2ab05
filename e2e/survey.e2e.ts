import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminToken, api, createQueue, E2E_ADMIN, launchBrowser, screenshot, signedIn } from "./support/browser.js";
import { openConfigPage } from "./support/admin-nav.js";
import { axeFindings, describeFindings } from "./support/axe.js";

/**
 * The satisfaction survey (issue 30): an admin turns it on in a connection's form; a customer
 * writes in the simulator; the attendant resolves the ticket, the question reaches the customer
 * live, who rates it 2 and, asked why, leaves a comment; the rating shows on the ticket.
 */
const suffix = Date.now().toString(36);
const question = `From 1 to 5, how did Lighthouse ${suffix} do?`;
const comment = `The wait was too long ${suffix}`;
let browser: Browser;
let queueName: string;
let queueId: number;

beforeAll(async () => {
  browser = await launchBrowser();
  queueName = `Lighthouse ${suffix}`;
  queueId = (await createQueue(await adminToken(), { name: queueName })).id;
});
afterAll(() => browser.close());

const simulated = (page: Page) => page.getByRole("list", { name: "Conversation" });

describe("satisfaction survey", () => {
  it("is set on a connection, sent when the attendant resolves the ticket, answered in the simulator and shown on the ticket", async () => {
    const name = `Survey line ${suffix}`;
    const { context, page } = await signedIn(browser, E2E_ADMIN.email, E2E_ADMIN.password);
    await openConfigPage(page, "Connections");
    await page.getByRole("link", { name: "Add connection" }).click();
    await page.waitForURL("**/connections/new");
    await page.getByRole("combobox", { name: "Kind" }).click();
    await page.getByRole("option", { name: "API", exact: true }).click();
    await page.getByLabel(/^Name/).fill(name);
    await page.getByRole("combobox", { name: /Destination type/ }).click();
    await page.getByRole("option", { name: "Queue" }).click();
    await page.getByRole("combobox", { name: /^Destination(?! type)/ }).click();
    await page.getByRole("option", { name: queueName }).click();

    // The survey section: off by default, its fields appear once it is on.
    const survey = page.getByRole("region", { name: "Satisfaction survey" });
    const enabled = survey.getByRole("switch", { name: "Satisfaction survey" }).or(survey.getByRole("checkbox", { name: "Satisfaction survey" }));
    expect(await enabled.isChecked()).toBe(false);
    expect(await survey.getByLabel("Question").count()).toBe(0);
    await enabled.check();
    await survey.getByLabel("Question").fill(question);
    const hours = survey.getByRole("textbox", { name: /^Hours to answer/ });
    expect(await hours.inputValue()).toBe("24");
    await hours.fill("0");
    await hours.blur();
    await survey.getByText("Write a whole number of hours from 1 to 168.").waitFor();
    await hours.fill("48");
    await survey.getByRole("switch", { name: "Ask for a comment after a low score" }).or(survey.getByRole("checkbox", { name: "Ask for a comment after a low score" })).check();
    await survey.scrollIntoViewIfNeeded();
    await screenshot(page, "survey-connection-form");
    await page.setViewportSize({ width: 500, height: 900 });
    await survey.scrollIntoViewIfNeeded();
    await screenshot(page, "survey-connection-form-500");
    const formFindings = await axeFindings(page, "the connection form's survey section");
    expect(formFindings, describeFindings(formFindings)).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByRole("button", { name: "Save" }).click();
    await page.waitForURL("**/connections");
    await page.getByRole("alert").filter({ hasText: "Connection saved." }).waitFor();

    const connections = await api<{ id: number; name: string; survey: unknown }[]>("/whatsapp", { token: await adminToken() });
    const connection = connections.find((item) => item.name === name)!;
    expect(connection.survey).toEqual({ enabled: true, question, askComment: true, windowHours: 48, onAutoClose: false });

    // A customer writes in the simulator (a second tab of the same admin).
    const customer = await context.newPage();
    await customer.goto(`/connections/${connection.id}/simulator`);
    const number = `55119${Date.now().toString().slice(-8)}`;
    await customer.getByLabel(/^Customer number/).fill(number);
    const say = async (text: string) => {
      await customer.getByLabel("Message").fill(text);
      await customer.getByRole("button", { name: "Send" }).click();
      await simulated(customer).getByRole("listitem").filter({ hasText: text }).first().waitFor();
      // Sent once the box is emptied (the send's answer; the socket may show the message before it).
      await expect.poll(() => customer.getByLabel("Message").inputValue(), { timeout: 10_000 }).toBe("");
    };
    await say("Is the ferry running today?");
    await customer.getByText(/Ticket #\d+/).waitFor();
    const ticketId = Number(/Ticket #(\d+)/.exec((await customer.getByText(/Ticket #\d+/).textContent()) ?? "")?.[1]);

    // The attendant takes it and resolves it (no farewell on this connection).
    await page.goto(`/tickets/${ticketId}`);
    await page.getByRole("button", { name: "Accept" }).click();
    await page.getByRole("button", { name: "Resolve" }).waitFor();
    await page.getByRole("button", { name: "Resolve" }).click();
    await page.getByRole("menuitem", { name: "Resolve without a farewell message" }).click();
    await page.waitForURL(/\/tickets$/);

    // The question reaches the customer live, as an automatic message; a low score asks why.
    await simulated(customer).getByRole("listitem").filter({ hasText: "Automatic message" }).filter({ hasText: question }).waitFor();
    await say("2");
    await simulated(customer).getByRole("listitem").filter({ hasText: "What could we have done better?" }).waitFor();
    await say(comment);
    await simulated(customer).getByRole("listitem").filter({ hasText: "Thank you for your feedback!" }).waitFor();
    // The answers stayed in the closed ticket: no new conversation was opened.
    expect(await customer.getByText(new RegExp(`Ticket #${ticketId} · closed`)).count()).toBe(1);

    // The rating shows on the ticket: stars and the comment.
    await page.goto(`/tickets/${ticketId}`);
    const rating = page.getByRole("region", { name: "Customer rating" });
    await rating.getByRole("img", { name: "Rated 2 out of 5" }).waitFor();
    await rating.getByText(comment).waitFor();
    // The answers are in the conversation, as the customer's messages, with Atendo's automatic replies.
    const messages = page.getByRole("region", { name: "Messages" });
    await messages.getByRole("listitem").filter({ hasText: "Thank you for your feedback!" }).waitFor();
    await screenshot(page, "survey-ticket-rating");
    await page.setViewportSize({ width: 500, height: 900 });
    await rating.getByText("2/5").waitFor();
    await screenshot(page, "survey-ticket-rating-500");
    // The shell's account button's initials are its owner's (as in the other journeys).
    const ticketFindings = (await axeFindings(page, "a rated ticket")).filter((finding) => !finding.targets.every((target) => target === 'button[aria-label="Account menu"]'));
    expect(ticketFindings, describeFindings(ticketFindings)).toEqual([]);

    const shown = await api<{ ticket: { status: string; rating: { score: number; comment: string | null } | null } }>(`/tickets/${ticketId}`, { token: await adminToken() });
    expect(shown.ticket).toMatchObject({ status: "closed", rating: { score: 2, comment } });

    // The reports count it: the queue's average, its one answer among the 2s, and the table's stars.
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`/dashboard?queueId=${queueId}`);
    const card = page.getByRole("figure").filter({ has: page.getByRole("heading", { name: "Customer satisfaction", level: 3 }) });
    await card.getByTestId("satisfaction-average").filter({ hasText: "2.0/5" }).waitFor();
    await card.getByText("1 answer", { exact: true }).waitFor();
    await card.getByRole("row", { name: /^2 stars\s+1$/ }).waitFor();
    await page.getByRole("img", { name: "Rated 2 out of 5" }).first().waitFor();
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, "survey-report");
    const reportFindings = (await axeFindings(page, "the satisfaction card")).filter((finding) => !finding.targets.every((target) => target === 'button[aria-label="Account menu"]'));
    expect(reportFindings, describeFindings(reportFindings)).toEqual([]);
    await context.close();
  });
});
