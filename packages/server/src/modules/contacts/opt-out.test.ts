import type { Connection, Contact, Message } from "@atendo/contracts";
import { limits } from "@atendo/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ingestInbound } from "../../channels/pipeline/ingest.js";
import { createConnection, inbound, uniqueExternalId, uniqueNumber } from "../../test/channel-fixtures.js";
import { createContact, createQueue } from "../../test/fixtures.js";
import { createTestServer, type TestServer } from "../../test/harness.js";
import { anonymous, expectError, expectRefused } from "../../test/route-guards.js";
import { conversation } from "../../test/routing-fixtures.js";
import { putTicket } from "../../test/ticket-fixtures.js";
import { customerText } from "../routing/customer-texts.js";

let server: TestServer;
let admin: string;
let attendant: string;
let connection: Connection;
/** Every contact.updated published, in order: what campaigns hear. */
const updates: Contact[] = [];
beforeAll(async () => {
  server = await createTestServer();
  admin = await server.adminToken();
  attendant = (await server.createUser()).token;
  const queue = await createQueue(server, admin, { name: "Opt-out Queue", greetingMessage: "" });
  connection = await createConnection(server, admin, { destinationType: "queue", destinationItem: queue.id });
  server.ctx.events.on("contact.updated", "test", ({ contact }) => void updates.push(contact));
});
afterAll(() => server.close());

const confirmation = customerText("en", "optedOut");
const automaticBodies = (messages: readonly Message[]) => messages.filter((m) => m.mediaType === "chat-automatic").map((m) => m.body);

/** A new customer of the connection who writes; the listeners have run once a message is in. */
function customer(on: Connection = connection) {
  const number = uniqueNumber();
  return {
    number,
    say: async (body: string) => {
      const stored = await inbound(server, on, { from: { number, name: "Customer" }, body, externalId: uniqueExternalId() });
      await server.ctx.events.settled();
      return stored;
    },
  };
}

async function contactOfTicket(ticketId: number): Promise<Contact> {
  return (await conversation(server, admin, ticketId)).ticket.contact;
}

function putSetting(key: string, value: string, token = admin) {
  return server.request({ method: "PUT", url: `/api/settings/${key}`, token, payload: { value } });
}

function optIn(id: number | string, token: string | undefined = admin) {
  return server.request({ method: "POST", url: `/api/contacts/${id}/opt-in`, token });
}

async function optedOutCount(): Promise<number> {
  const response = await server.request({ method: "GET", url: "/api/contacts/opted-out-count", token: attendant });
  expect(response.statusCode).toBe(200);
  return (response.json() as { count: number }).count;
}

describe("the optOutKeywords setting", () => {
  it("is admins': anonymous callers and attendants are refused", async () => {
    const calls = [{ method: "PUT" as const, url: "/api/settings/optOutKeywords", payload: { value: "STOP" } }];
    await expectRefused(server, calls, anonymous, 401, "ERR_SESSION_EXPIRED");
    await expectRefused(server, calls, attendant, 403, "ERR_NO_PERMISSION");
  });

  it("refuses too many keywords, a keyword too long and one without a letter, and changes nothing", async () => {
    const { maxKeywords, keywordMax } = limits.optOutKeywords;
    const bad = [
      Array.from({ length: maxKeywords + 1 }, (_, i) => `word${i}`).join(","),
      `STOP, ${"x".repeat(keywordMax + 1)}`,
      "STOP, 5",
      "STOP, !!",
    ];
    for (const value of bad) await expectError(putSetting("optOutKeywords", value), 400, "ERR_MISSING_VALUES");
    const settings = (await server.request({ method: "GET", url: "/api/settings", token: admin })).json() as { key: string; value: string }[];
    expect(settings.find((s) => s.key === "optOutKeywords")?.value).toBe("SAIR, PARAR, STOP");
  });

  it("keeps the keywords trimmed, once each, and takes an empty value (off)", async () => {
    const saved = await putSetting("optOutKeywords", " cancelar ,STOP,, Cancelár ,  sair ");
    expect(saved.statusCode).toBe(200);
    expect(saved.json().value).toBe("cancelar, STOP, sair");
    expect((await putSetting("optOutKeywords", "")).json().value).toBe("");
    expect((await putSetting("optOutKeywords", "SAIR, PARAR, STOP")).json().value).toBe("SAIR, PARAR, STOP");
  });
});

describe("opting out by message", () => {
  it("a keyword alone — any case, accents, spaces and punctuation around it — opts the contact out, and publishes contact.updated", async () => {
    for (const text of ["STOP", " stop! ", "STOP?!", "Sair.", "*párar*", "PARAR 🛑"]) {
      const who = customer();
      const { ticketId } = await who.say(text);
      const contact = await contactOfTicket(ticketId);
      expect(contact.optedOut, text).toBe(true);
      expect(Date.parse(contact.optedOutAt ?? "")).toBeGreaterThan(Date.now() - 60_000);
      expect(updates.find((update) => update.id === contact.id)).toMatchObject({ optedOut: true, optedOutAt: contact.optedOutAt });
    }
  });

  it("confirms once, in the customers' language, even when the customer says it again", async () => {
    expect((await putSetting("customerLanguage", "pt")).statusCode).toBe(200);
    try {
      const who = customer();
      const { ticketId } = await who.say("olá");
      await who.say("SAIR");
      await who.say("sair");
      const { messages, ticket } = await conversation(server, admin, ticketId);
      expect(automaticBodies(messages)).toEqual([customerText("pt", "optedOut")]);
      expect(ticket.contact.optedOut).toBe(true);
      expect(updates.filter((update) => update.id === ticket.contact.id)).toHaveLength(1);
    } finally {
      await putSetting("customerLanguage", "en");
    }
  });

  it("a sentence that contains a keyword, or another word, does not", async () => {
    for (const text of ["I want to stop", "não quero sair agora", "stopped", "stop stop", "s t o p", "hello"]) {
      const who = customer();
      const { ticketId } = await who.say(text);
      expect((await contactOfTicket(ticketId)).optedOut, text).toBe(false);
    }
  });

  it("the company's messages do not: an attendant's reply or a message written on the phone", async () => {
    const who = customer();
    const { ticketId } = await who.say("hello");
    expect((await putTicket(server, admin, ticketId, { status: "open", action: "assigned" })).statusCode).toBe(200);
    const reply = await server.request({ method: "POST", url: `/api/messages/${ticketId}`, token: admin, payload: { body: "STOP" } });
    expect(reply.statusCode).toBe(201);
    const fromPhone = { externalId: uniqueExternalId(), chat: { number: who.number, name: "Customer", isGroup: false }, fromMe: true, body: "SAIR", mediaType: "chat" as const, timestamp: new Date() };
    expect((await ingestInbound(server.ctx, connection.id, fromPhone))?.ticketId).toBe(ticketId);
    await server.ctx.events.settled();
    expect((await contactOfTicket(ticketId)).optedOut).toBe(false);
    // The customer's own word still counts on the same ticket.
    await who.say("stop");
    expect((await contactOfTicket(ticketId)).optedOut).toBe(true);
  });

  it("a group's message does not, nor a keyword while the setting is empty; a keyword of the admins' own does", async () => {
    const group = { externalId: uniqueExternalId(), chat: { number: uniqueNumber(), name: "Team", isGroup: true }, sender: { number: uniqueNumber() }, fromMe: false, body: "STOP", mediaType: "chat" as const, timestamp: new Date() };
    const inGroup = await ingestInbound(server.ctx, connection.id, group);
    await server.ctx.events.settled();
    expect((await contactOfTicket(inGroup!.ticketId)).optedOut).toBe(false);

    expect((await putSetting("optOutKeywords", "")).statusCode).toBe(200);
    try {
      const off = customer();
      expect((await contactOfTicket((await off.say("STOP")).ticketId)).optedOut).toBe(false);
      await putSetting("optOutKeywords", "cancelar");
      const own = customer();
      expect((await contactOfTicket((await own.say("Cancelar!")).ticketId)).optedOut).toBe(true);
      expect((await contactOfTicket((await customer().say("STOP")).ticketId)).optedOut).toBe(false);
    } finally {
      await putSetting("optOutKeywords", "SAIR, PARAR, STOP");
    }
  });

  it("leaves the close code alone: a close code that is also a keyword closes the ticket and opts out", async () => {
    const queue = await createQueue(server, admin, { name: "Close-code Queue", greetingMessage: "" });
    const closing = await createConnection(server, admin, { destinationType: "queue", destinationItem: queue.id, canCloseTicketByMessage: true, closeCode: "sair" });
    const who = customer(closing);
    const { ticketId } = await who.say("hello");
    await who.say("SAIR");
    const { ticket, messages } = await conversation(server, admin, ticketId);
    expect(ticket.status).toBe("closed");
    expect(ticket.contact.optedOut).toBe(true);
    expect(automaticBodies(messages)).toContain(confirmation);
  });
});

describe("GET /api/contacts with optedOut, and the count", () => {
  it("lists only the opted-out contacts, or only the reachable ones; counts the opted out for everyone", async () => {
    const before = await optedOutCount();
    const name = `Optfilter ${uniqueNumber()}`;
    const reachable = await createContact(server, admin, { name: `${name} A`, number: uniqueNumber() });
    const who = customer();
    const { ticketId } = await who.say("STOP");
    const gone = await contactOfTicket(ticketId);
    await server.request({ method: "PUT", url: `/api/contacts/${gone.id}`, token: admin, payload: { name: `${name} B` } });
    const list = async (optedOut: string) => {
      const response = await server.request({ method: "GET", url: `/api/contacts?searchParam=${encodeURIComponent(name)}&optedOut=${optedOut}`, token: attendant });
      expect(response.statusCode).toBe(200);
      return (response.json() as { contacts: Contact[] }).contacts.map((contact) => contact.id);
    };
    expect(await list("true")).toEqual([gone.id]);
    expect(await list("false")).toEqual([reachable.id]);
    expect(await optedOutCount()).toBe(before + 1);
    await expectError(server.request({ method: "GET", url: "/api/contacts?optedOut=maybe", token: attendant }), 400, "ERR_MISSING_VALUES");
    expect((await server.request({ method: "GET", url: "/api/contacts/opted-out-count" })).statusCode).toBe(401);
  });
});

describe("POST /api/contacts/:id/opt-in", () => {
  it("is admins': anonymous callers and attendants are refused, and the contact stays opted out", async () => {
    const { ticketId } = await customer().say("STOP");
    const { id } = await contactOfTicket(ticketId);
    await expectRefused(server, [{ method: "POST", url: `/api/contacts/${id}/opt-in` }], anonymous, 401, "ERR_SESSION_EXPIRED");
    await expectRefused(server, [{ method: "POST", url: `/api/contacts/${id}/opt-in` }], attendant, 403, "ERR_NO_PERMISSION");
    expect((await contactOfTicket(ticketId)).optedOut).toBe(true);
  });

  it("answers a missing contact with ERR_NO_CONTACT_FOUND and a malformed id with ERR_MISSING_VALUES", async () => {
    await expectError(optIn(999_999), 404, "ERR_NO_CONTACT_FOUND");
    await expectError(optIn("abc"), 400, "ERR_MISSING_VALUES");
  });

  it("allows messages again, publishes contact.updated; the customer's keyword opts out again later", async () => {
    const who = customer();
    const { ticketId } = await who.say("STOP");
    const { id } = await contactOfTicket(ticketId);
    const before = await optedOutCount();
    const response = await optIn(id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id, optedOut: false, optedOutAt: null });
    expect(updates.filter((update) => update.id === id).at(-1)).toMatchObject({ optedOut: false, optedOutAt: null });
    expect(await optedOutCount()).toBe(before - 1);
    // Already reachable: answered as it is, nothing published.
    const published = updates.length;
    expect((await optIn(id)).json()).toMatchObject({ id, optedOut: false });
    expect(updates).toHaveLength(published);

    await who.say("stop");
    expect((await contactOfTicket(ticketId)).optedOut).toBe(true);
    expect(automaticBodies((await conversation(server, admin, ticketId)).messages)).toEqual([confirmation, confirmation]);
  });
});
