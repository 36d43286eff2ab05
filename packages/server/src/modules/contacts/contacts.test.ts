import type { Contact, MessagePage } from "@atendo/contracts";
import { limits } from "@atendo/contracts";
import { inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messages } from "../../db/schema/index.js";
import { createConnection } from "../../test/channel-fixtures.js";
import { createContact, createQueue } from "../../test/fixtures.js";
import { createTestServer, type TestServer } from "../../test/harness.js";
import { anonymous, expectMissingId, expectRefused, resourceCalls } from "../../test/route-guards.js";
import { seedTicket } from "../../test/ticket-fixtures.js";

let server: TestServer;
let admin: string;
let attendant: string;
beforeAll(async () => {
  server = await createTestServer();
  admin = await server.adminToken();
  attendant = (await server.createUser()).token;
});
afterAll(() => server.close());

function post(payload: object, url = "/api/contacts") {
  return server.request({ method: "POST", url, token: attendant, payload });
}

function put(id: number, payload: object) {
  return server.request({ method: "PUT", url: `/api/contacts/${id}`, token: attendant, payload });
}

function search(text: string, pageNumber = 1) {
  const query = `searchParam=${encodeURIComponent(text)}&pageNumber=${pageNumber}`;
  return server.request({ method: "GET", url: `/api/contacts?${query}`, token: attendant });
}

const names = (contacts: Contact[]) => contacts.map((c) => c.name);

describe("contact routes: guards", () => {
  it("reject anonymous users on every route", async () => {
    const create = { name: "Anon", number: "5511900000000" };
    const calls = [
      ...resourceCalls("/api/contacts", { create, update: { name: "Anon" } }),
      { method: "POST", url: "/api/contact", payload: create },
    ] as const;
    await expectRefused(server, calls, anonymous, 401, "ERR_SESSION_EXPIRED");
  });

  it("let attendants do everything but delete", async () => {
    const contact = await createContact(server, attendant);
    await expectRefused(server, [{ method: "DELETE", url: `/api/contacts/${contact.id}` }], attendant, 403, "ERR_NO_PERMISSION");
    expect((await server.request({ method: "GET", url: `/api/contacts/${contact.id}`, token: attendant })).statusCode).toBe(200);
    expect((await server.request({ method: "DELETE", url: `/api/contacts/${contact.id}`, token: admin })).json()).toEqual({ ok: true });
    const gone = await server.request({ method: "GET", url: `/api/contacts/${contact.id}`, token: admin });
    expect(gone.json().error).toBe("ERR_NO_CONTACT_FOUND");
  });
});

describe("POST /api/contacts (and /api/contact)", () => {
  it("creates a contact with extra info on either path; an empty email is no email", async () => {
    const response = await post(
      { name: "Maria Silva", number: "5511987650001", email: "", extraInfo: [{ name: "CPF", value: "123" }, { name: "Plan", value: "Gold" }] },
      "/api/contact",
    );
    expect(response.statusCode).toBe(201);
    const contact = response.json();
    expect(contact).toMatchObject({ name: "Maria Silva", number: "5511987650001", email: null, profilePicUrl: null, isGroup: false });
    expect(contact.extraInfo.map(({ name, value }: { name: string; value: string }) => [name, value])).toEqual([
      ["CPF", "123"],
      ["Plan", "Gold"],
    ]);
    expect((await server.request({ method: "GET", url: `/api/contacts/${contact.id}`, token: attendant })).json()).toEqual(contact);
  });

  it("checks the name 2–50 and the number 8–50 digits at and past each bound", async () => {
    const n = limits.name;
    const d = limits.contactNumber;
    expect((await post({ name: "x".repeat(n.min - 1), number: "5511900000101" })).statusCode).toBe(400);
    expect((await post({ name: "x".repeat(n.min), number: "5511900000102" })).statusCode).toBe(201);
    expect((await post({ name: "x".repeat(n.max), number: "5511900000103" })).statusCode).toBe(201);
    expect((await post({ name: "x".repeat(n.max + 1), number: "5511900000104" })).statusCode).toBe(400);
    expect((await post({ name: "Short", number: "1".repeat(d.min - 1) })).statusCode).toBe(400);
    expect((await post({ name: "Eight", number: "2".repeat(d.min) })).statusCode).toBe(201);
    expect((await post({ name: "Fifty", number: "3".repeat(d.max) })).statusCode).toBe(201);
    expect((await post({ name: "Too long", number: "4".repeat(d.max + 1) })).statusCode).toBe(400);
  });

  it("stores a number typed with +, spaces, brackets, dashes or dots as its digits, as the import does (0069)", async () => {
    const response = await post({ name: "Typed By Hand", number: "+55 (21) 98888-0000" });
    expect(response.statusCode).toBe(201);
    expect(response.json().number).toBe("5521988880000");
    expect((await post({ name: "Dotted", number: "55.21.98888.0001" })).json().number).toBe("5521988880001");
    // The same phone typed another way is the same contact.
    const again = await post({ name: "Typed Again", number: "5521988880000" });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe("ERR_DUPLICATED_CONTACT");
  });

  it("refuses with ERR_MISSING_VALUES a number that is still no number once normalised", async () => {
    for (const number of ["55119876500a2", "call me", "+55 (11) 987", "+" + "9".repeat(limits.contactNumber.max + 1), "  "]) {
      const response = await post({ name: "Not A Number", number });
      expect(response.statusCode, number).toBe(400);
      expect(response.json().error, number).toBe("ERR_MISSING_VALUES");
    }
  });

  it("validates the email when present", async () => {
    expect((await post({ name: "Bad Mail", number: "5511987650003", email: "nope" })).statusCode).toBe(400);
    expect((await post({ name: "Good Mail", number: "5511987650003", email: "Good@Mail.Test" })).json().email).toBe("good@mail.test");
  });

  it("refuses a number that is already a contact", async () => {
    await createContact(server, attendant, { number: "5511987650004" });
    const response = await post({ name: "Same Phone", number: "5511987650004" });
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toBe("ERR_DUPLICATED_CONTACT");
  });

  it("bounds the extra info: names 1–50, values up to 1000, 50 pairs", async () => {
    const { maxItems, nameMax, valueMax } = limits.contactExtraInfo;
    const ok = Array.from({ length: maxItems }, (_, i) => ({ name: `f${i}`, value: "v".repeat(valueMax) }));
    expect((await post({ name: "Many Fields", number: "5511987650005", extraInfo: ok })).statusCode).toBe(201);
    const tooMany = [...ok, { name: "one more", value: "" }];
    expect((await post({ name: "Too Many", number: "5511987650006", extraInfo: tooMany })).statusCode).toBe(400);
    expect((await post({ name: "Long", number: "5511987650007", extraInfo: [{ name: "n".repeat(nameMax + 1), value: "" }] })).statusCode).toBe(400);
    expect((await post({ name: "Empty", number: "5511987650008", extraInfo: [{ name: "", value: "x" }] })).statusCode).toBe(400);
  });
});

describe("PUT /api/contacts/:id", () => {
  it("normalises a formatted number to digits", async () => {
    const contact = await createContact(server, attendant);
    const response = await put(contact.id, { number: "+55 (11) 9 8765-0010" });
    expect(response.json().number).toBe("5511987650010");
    expect((await put(contact.id, { number: "+55 (21) 98888-0020" })).json().number).toBe("5521988880020");
    for (const number of ["+55 (11) abc", "+1 234-567" /* 7 digits */]) {
      const refused = await put(contact.id, { number });
      expect(refused.statusCode, number).toBe(400);
      expect(refused.json().error, number).toBe("ERR_MISSING_VALUES");
    }
  });

  it("treats the same phone written two ways as one contact", async () => {
    await createContact(server, attendant, { number: "5511987650011" });
    const other = await createContact(server, attendant);
    const response = await put(other.id, { number: "+55 11 98765-0011" });
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toBe("ERR_DUPLICATED_CONTACT");
  });

  it("keeps extra info sent back with its id, updates it, adds new pairs and drops the rest", async () => {
    const contact = await createContact(server, attendant, {
      extraInfo: [
        { name: "Keep", value: "1" },
        { name: "Drop", value: "2" },
      ],
    });
    const [keep] = contact.extraInfo;
    const updated = (await put(contact.id, { extraInfo: [{ id: keep!.id, name: "Keep", value: "changed" }, { name: "New", value: "3" }] })).json();
    expect(updated.extraInfo).toEqual([
      { id: keep!.id, name: "Keep", value: "changed" },
      { id: expect.any(Number), name: "New", value: "3" },
    ]);
    const untouched = (await put(contact.id, { name: "Only Name Changed" })).json();
    expect(untouched.extraInfo).toEqual(updated.extraInfo);
    expect((await put(contact.id, { extraInfo: [] })).json().extraInfo).toEqual([]);
  });

  it("clears the email with an empty string", async () => {
    const contact = await createContact(server, attendant, { email: "someone@mail.test" });
    expect((await put(contact.id, { email: "" })).json().email).toBeNull();
  });

  it("answers ERR_NO_CONTACT_FOUND for a missing id", async () => {
    await expectMissingId(server, "/api/contacts", admin, "ERR_NO_CONTACT_FOUND");
  });
});

describe("DELETE /api/contacts/:id", () => {
  // The confirmation says so (contacts.deleteText): the contact's tickets leave the screens, their
  // messages are emptied (kept for the reports' counts, docs/decisions/0062; contact-erasure.test.ts).
  it("takes the contact's tickets off the screens and empties their messages, and no one else's", async () => {
    const queue = await createQueue(server, admin);
    const connection = await createConnection(server, admin, { destinationType: "queue", destinationItem: queue.id });
    const contact = await createContact(server, admin);
    const other = await createContact(server, admin);
    const ticketIds = [
      await seedTicket(server, { connectionId: connection.id, status: "closed", contactId: contact.id, messages: ["First visit"] }),
      await seedTicket(server, { connectionId: connection.id, status: "pending", contactId: contact.id, messages: ["Back again", "Hello?"] }),
    ];
    const kept = await seedTicket(server, { connectionId: connection.id, status: "pending", contactId: other.id, messages: ["Not me"] });

    expect((await server.request({ method: "DELETE", url: `/api/contacts/${contact.id}`, token: admin })).statusCode).toBe(200);

    for (const id of ticketIds) {
      expect((await server.request({ method: "GET", url: `/api/tickets/${id}`, token: admin })).json().error).toBe("ERR_NO_TICKET_FOUND");
    }
    const left = await server.ctx.db.select({ body: messages.body }).from(messages).where(inArray(messages.ticketId, ticketIds));
    expect(left).toEqual([{ body: "" }, { body: "" }, { body: "" }]);
    const page = (await server.request({ method: "GET", url: `/api/messages/${kept}`, token: admin })).json() as MessagePage;
    expect(page.messages.map((m) => m.body)).toEqual(["Not me"]);
  });
});

describe("GET /api/contacts", () => {
  it("searches name, email and number digits, ordered by name regardless of case", async () => {
    await createContact(server, attendant, { name: "bruno Searchable", number: "5521999990001", email: "bruno@firm.test" });
    await createContact(server, attendant, { name: "Ana Searchable", number: "5521999990002" });
    await createContact(server, attendant, { name: "Carla Other", number: "5531888880003", email: "carla@searchable.test" });
    expect(names((await search("SEARCHABLE")).json().contacts)).toEqual(["Ana Searchable", "bruno Searchable", "Carla Other"]);
    expect(names((await search("bruno@firm")).json().contacts)).toEqual(["bruno Searchable"]);
    expect(names((await search("(21) 99999")).json().contacts)).toEqual(["Ana Searchable", "bruno Searchable"]);
    expect(names((await search("888880003")).json().contacts)).toEqual(["Carla Other"]);
  });

  it("pages 20 at a time with hasMore and extra info on every row", async () => {
    for (let i = 0; i <= limits.pageSize; i++) {
      await createContact(server, attendant, { name: `Paged ${String(i).padStart(2, "0")}`, extraInfo: [{ name: "i", value: String(i) }] });
    }
    const first = (await search("paged")).json();
    expect(first.contacts).toHaveLength(limits.pageSize);
    expect(first.hasMore).toBe(true);
    expect(first.contacts[0].extraInfo).toEqual([{ id: expect.any(Number), name: "i", value: "0" }]);
    const second = (await search("paged", 2)).json();
    expect(names(second.contacts)).toEqual([`Paged ${limits.pageSize}`]);
    expect(second.hasMore).toBe(false);
  });
});
