import type { Campaign, Connection, RecipientList, Ticket } from "@atendo/contracts";
import { and, eq, inArray, isNotNull } from "drizzle-orm";
import { CampaignRunner } from "./campaign-runner.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { campaignRecipients, contacts, messages, tickets } from "../../db/schema/index.js";
import { pngBytes } from "../../test/media-samples.js";
import { act, createCampaign, insertContacts, messagesPerContact, queuedLeft } from "../../test/campaign-fixtures.js";
import { inbound } from "../../test/channel-fixtures.js";
import { createQueue } from "../../test/fixtures.js";
import { createTestServer, type TestServer } from "../../test/harness.js";
import { connectedConnection } from "../../test/send-api-fixtures.js";
import { waitFor } from "../../test/wait-for.js";
import { startReceiver } from "../../test/webhook-receiver.js";

/** A campaign sent for real: the runner job, an API connection, its webhook receiver on 127.0.0.1. */
let server: TestServer;
let admin: string;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let connection: Connection;
let queueId: number;

beforeAll(async () => {
  receiver = await startReceiver();
  server = await createTestServer({}, { eventOutbox: { pollMs: 20 }, jobs: { campaigns: { pollMs: 30, stateCheckMs: 30, batch: 10 } } });
  admin = await server.adminToken();
  const queue = await createQueue(server, admin, { greetingMessage: "" });
  const campaignQueue = await createQueue(server, admin, { greetingMessage: "" });
  queueId = campaignQueue.id;
  connection = await connectedConnection(server, admin, { destinationType: "queue", destinationItem: queue.id, webhookUrl: receiver.url });
  server.ctx.eventOutbox.start();
  server.jobs.start("campaigns");
});
afterAll(async () => {
  await server.close();
  await receiver.close();
});

const audience = (contactIds: number[]) => ({ tagIds: [], contactIds, search: "" });
const leased = (campaignId: number) =>
  server.ctx.db.$count(campaignRecipients, and(eq(campaignRecipients.campaignId, campaignId), isNotNull(campaignRecipients.leaseUntil)));
const show = async (id: number) => (await server.request({ method: "GET", url: `/api/campaigns/${id}`, token: admin })).json() as Campaign;

describe("a running campaign", () => {
  it("writes each recipient one message with its variables, POSTs each once to the webhook, and completes", async () => {
    const ids = await insertContacts(server.ctx.db, "Sent Person", 25);
    const events: Campaign[] = [];
    server.ctx.events.on("campaign.changed", "test", ({ event }) => void (event.action !== "delete" && events.push(event.campaign)));
    const campaign = await createCampaign(server, admin, { whatsappId: connection.id, queueId, audience: audience(ids), body: "Hi {{firstName}}, {{name}}!" });
    expect((await act(server, admin, campaign.id, "start")).json()).toMatchObject({ status: "running", total: 25 });
    await waitFor(async () => (await show(campaign.id)).status === "completed", "campaign completed", 30_000);

    const perContact = await messagesPerContact(server.ctx.db, connection.id, ids);
    expect(ids.map((id) => perContact.get(id) ?? 0)).toEqual(ids.map(() => 1));
    await waitFor(() => receiver.received.filter((post) => post.payload.connectionId === connection.id).length >= 25, "25 webhook POSTs", 20_000);
    const bodies = receiver.received.map((post) => (post.payload as { body?: string }).body ?? "");
    expect(bodies.filter((body) => body === "Hi Sent, Sent Person 3!")).toHaveLength(1);
    const posted = receiver.received.map((post) => post.payload.messageId);
    expect(new Set(posted).size).toBe(posted.length);

    const shown = await show(campaign.id);
    expect(shown).toMatchObject({ total: 25, finishedAt: expect.any(String) });
    expect(shown.counts.queued).toBe(0);
    expect(shown.counts.sent + shown.counts.delivered).toBe(25);
    // Live progress reached the admins' event, the last one saying it completed.
    expect(events.filter((event) => event.id === campaign.id).at(-1)).toMatchObject({ status: "completed" });
    // The campaign's tickets wait for nobody: closed, marked, in the campaign's queue.
    const opened = await server.ctx.db.select().from(tickets).where(inArray(tickets.contactId, ids));
    expect(opened.map((ticket) => [ticket.status, ticket.campaignId, ticket.queueId])).toEqual(ids.map(() => ["closed", campaign.id, queueId]));
  });

  it("follows acks and replies per recipient; a reply opens a waiting ticket in the campaign's queue with its marker", async () => {
    const ids = await insertContacts(server.ctx.db, "Reply Person", 3);
    const campaign = await createCampaign(server, admin, { whatsappId: connection.id, queueId, audience: audience(ids), body: "Offer for {{name}}" });
    await act(server, admin, campaign.id, "start");
    await waitFor(async () => (await show(campaign.id)).status === "completed", "campaign completed", 20_000);
    const rows = await server.ctx.db.select().from(campaignRecipients).where(eq(campaignRecipients.campaignId, campaign.id)).orderBy(campaignRecipients.id);
    const ack = (messageId: number, value: number) =>
      server.request({ method: "POST", url: `/api/channels/${connection.id}/acks`, headers: { authorization: `Bearer ${connection.apiToken}` }, payload: { messageId, ack: value } });
    expect((await ack(rows[0]!.messageId!, 3)).statusCode).toBeLessThan(300);
    expect((await ack(rows[1]!.messageId!, 4)).statusCode).toBeLessThan(300);
    const [replier] = await server.ctx.db.select().from(contacts).where(eq(contacts.id, rows[2]!.contactId));
    const { ticketId } = await inbound(server, connection, { from: { number: replier!.number, name: replier!.name }, body: "Tell me more" });

    expect(ticketId).toBe(rows[2]!.ticketId);
    const { ticket } = (await server.request({ method: "GET", url: `/api/tickets/${ticketId}`, token: admin })).json() as { ticket: Ticket };
    expect(ticket).toMatchObject({ status: "pending", queueId, campaignId: campaign.id, userId: null });
    await waitFor(async () => (await show(campaign.id)).counts.replied === 1, "the reply counted");
    expect((await show(campaign.id)).counts).toMatchObject({ delivered: 1, read: 1, replied: 1, queued: 0 });

    const list = (await server.request({ method: "GET", url: `/api/campaigns/${campaign.id}/recipients?status=replied`, token: admin })).json() as RecipientList;
    expect(list.recipients.map((r) => r.contact.id)).toEqual([replier!.id]);
    const csv = await server.request({ method: "GET", url: `/api/campaigns/${campaign.id}/recipients/export`, token: admin });
    expect(csv.headers["content-type"]).toContain("text/csv");
    const lines = csv.body.replace(/^\uFEFF/, "").trim().split(/\r?\n/);
    expect(lines[0]).toBe("name,number,status,error,sentAt,updatedAt");
    expect(lines.slice(1).map((line) => line.split(",")[2]).sort()).toEqual(["delivered", "read", "replied"]);

    // A second message of the same customer stays in that ticket; nothing reopens twice.
    expect((await inbound(server, connection, { from: { number: replier!.number, name: replier!.name }, body: "Hello?" })).ticketId).toBe(ticketId);
  });

  it("never writes to a contact who opted out after it started, and counts them optedOut", async () => {
    const ids = await insertContacts(server.ctx.db, "Opt Person", 4);
    // The connection's pace holds every slot until the opt-out is written.
    let open = false;
    const pace = server.ctx.pace;
    server.ctx.pace = { take: async () => (open ? { granted: true } : { granted: false, retryAt: new Date(Date.now() + 10), reason: "rate" }) };
    try {
      const campaign = await createCampaign(server, admin, { whatsappId: connection.id, audience: audience(ids) });
      await act(server, admin, campaign.id, "start");
      await server.ctx.db.update(contacts).set({ optedOutAt: new Date() }).where(eq(contacts.id, ids[0]!));
      open = true;
      await waitFor(async () => (await show(campaign.id)).status === "completed", "campaign completed", 20_000);
      const perContact = await messagesPerContact(server.ctx.db, connection.id, ids);
      expect(ids.map((id) => perContact.get(id) ?? 0)).toEqual([0, 1, 1, 1]);
      expect((await show(campaign.id)).counts).toMatchObject({ optedOut: 1, queued: 0 });
    } finally {
      server.ctx.pace = pace;
    }
    // And they are never in an audience again.
    const again = await createCampaign(server, admin, { whatsappId: connection.id, audience: audience(ids) });
    expect(again.total).toBe(3);
  });

  it("sends its file with every message, each message owning its copy", async () => {
    const ids = await insertContacts(server.ctx.db, "Media Person", 2);
    const stored = await server.ctx.media.saveBuffer(pngBytes, "png");
    const campaign = await createCampaign(server, admin, { whatsappId: connection.id, audience: audience(ids), body: "Our flyer, {{firstName}}", mediaPath: stored });
    await act(server, admin, campaign.id, "start");
    await waitFor(async () => (await show(campaign.id)).status === "completed", "campaign completed", 20_000);
    const written = await server.ctx.db
      .select({ mediaType: messages.mediaType, mediaName: messages.mediaName, body: messages.body })
      .from(campaignRecipients)
      .innerJoin(messages, eq(messages.id, campaignRecipients.messageId))
      .where(eq(campaignRecipients.campaignId, campaign.id));
    expect(written.map((m) => [m.mediaType, m.body])).toEqual([
      ["image", "Our flyer, Media"],
      ["image", "Our flyer, Media"],
    ]);
    const names = written.map((m) => m.mediaName);
    expect(new Set([...names, stored]).size).toBe(3);
  });

  it("pauses promptly and resumes where it stopped, still once per recipient", async () => {
    const ids = await insertContacts(server.ctx.db, "Pause Person", 40);
    const slow = { take: () => new Promise<{ granted: true }>((resolve) => setTimeout(() => resolve({ granted: true }), 20)) };
    const pace = server.ctx.pace;
    server.ctx.pace = slow;
    try {
      const campaign = await createCampaign(server, admin, { whatsappId: connection.id, audience: audience(ids) });
      await act(server, admin, campaign.id, "start");
      await waitFor(async () => (await queuedLeft(server.ctx.db, campaign.id)) < 35, "some sent");
      await act(server, admin, campaign.id, "pause");
      // Within a state check (and the writes in flight) it stops: its batch gives its leases back.
      await waitFor(async () => (await leased(campaign.id)) === 0, "leases given back");
      const left = await queuedLeft(server.ctx.db, campaign.id);
      // Nothing more leaves while it is paused: a runner's whole round over it (started, then
      // stopped: stop waits for the round under way) sends nothing.
      const probe = new CampaignRunner(server.ctx, { pollMs: 60_000 });
      probe.start();
      await probe.stop();
      expect(await queuedLeft(server.ctx.db, campaign.id)).toBe(left);
      expect(left).toBeGreaterThan(0);
      await act(server, admin, campaign.id, "resume");
      await waitFor(async () => (await show(campaign.id)).status === "completed", "campaign completed", 20_000);
      const perContact = await messagesPerContact(server.ctx.db, connection.id, ids);
      expect(ids.map((id) => perContact.get(id) ?? 0)).toEqual(ids.map(() => 1));
    } finally {
      server.ctx.pace = pace;
    }
  });
});
