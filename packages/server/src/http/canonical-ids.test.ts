import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createConnection, inbound } from "../test/channel-fixtures.js";
import { createQueue, createQuickAnswer } from "../test/fixtures.js";
import { createTestServer, type TestServer } from "../test/harness.js";

/**
 * Ids and page numbers in paths and query strings are canonical decimal text (issue 11): `2`
 * names user 2, and ` 2`, `02`, `+2`, `2e0`, `0x2`, `2.0` name nothing — a 400 with the
 * validation code, not the same resource under other addresses.
 */
let server: TestServer;
let admin: string;
/** The user and ticket the write routes were aimed at: the refused calls must leave them alone. */
let target: { userId: number; ticketId: number };
/** Each call with `{}` where the id (or number) goes, and the canonical value (a GET answers it 200). */
let routes: { method: "GET" | "PUT" | "DELETE"; url: string; value: number; payload?: object; listed?: true }[];

/** Ways of writing `n` that Number() reads as n but are not its canonical text (URL-encoded where needed). */
const variants = (n: number) => [` ${n}`, `${n} `, `0${n}`, `00${n}`, `+${n}`, `${n}e0`, `0x${n.toString(16)}`, `${n}.0`, `${n}.`, `-${n}`, `${n}n`, "0", "", "١"];

beforeAll(async () => {
  server = await createTestServer();
  admin = await server.adminToken();
  const user = await server.createUser();
  const queue = await createQueue(server, admin);
  const quickAnswer = await createQuickAnswer(server, admin);
  const connection = await createConnection(server, admin, { destinationType: "queue", destinationItem: queue.id });
  const { ticketId, messageId } = await inbound(server, connection);
  const contactId = (await server.request({ method: "GET", url: `/api/tickets/${ticketId}`, token: admin })).json().ticket.contactId as number;
  target = { userId: user.id, ticketId };
  routes = [
    { method: "GET", url: "/api/users/{}", value: user.id },
    { method: "GET", url: "/api/queue/{}", value: queue.id },
    { method: "GET", url: "/api/quickAnswers/{}", value: quickAnswer.id },
    { method: "GET", url: "/api/contacts/{}", value: contactId },
    { method: "GET", url: "/api/whatsapp/{}", value: connection.id },
    { method: "GET", url: "/api/tickets/{}", value: ticketId },
    { method: "GET", url: "/api/messages/{}", value: ticketId },
    { method: "GET", url: `/api/messages/${ticketId}?pageNumber={}`, value: 1 },
    { method: "GET", url: "/api/users?pageNumber={}", value: 1 },
    { method: "GET", url: "/api/contacts?pageNumber={}", value: 1 },
    { method: "GET", url: "/api/tickets?pageNumber={}", value: 1 },
    // A list: spaces around its items are separators, and an empty list filters nothing.
    { method: "GET", url: "/api/tickets?queueIds={}", value: queue.id, listed: true },
    { method: "GET", url: "/api/tickets?queueIds=[{}]", value: queue.id, listed: true },
    { method: "GET", url: "/api/tickets/count?whatsappId={}", value: connection.id },
    { method: "GET", url: `/api/tickets/history?ticketId={}&contactId=${contactId}`, value: ticketId },
    { method: "GET", url: `/api/tickets/history?ticketId=${ticketId}&contactId={}`, value: contactId },
    { method: "GET", url: "/api/quickAnswers/lookup?limit={}", value: 3 },
    { method: "PUT", url: "/api/users/{}", value: user.id, payload: { name: "Renamed" } },
    { method: "PUT", url: "/api/tickets/{}", value: ticketId, payload: { status: "pending", action: "pending" } },
    { method: "DELETE", url: "/api/messages/{}", value: messageId, payload: { ticketId } },
    { method: "DELETE", url: `/api/tickets/${ticketId}/participant/{}`, value: user.id },
  ];
});
afterAll(() => server.close());

const call = (route: (typeof routes)[number], text: string) =>
  server.request({ method: route.method, url: route.url.replace("{}", encodeURIComponent(text)), token: admin, payload: route.payload });

describe("ids and page numbers in paths and query strings", () => {
  it("refuse every non-canonical spelling with 400 ERR_MISSING_VALUES, touching nothing", async () => {
    for (const route of routes) {
      // An empty path segment is another route (`/api/users/` lists users).
      const inPath = route.url.split("?")[0]!.includes("{}");
      const refusable = variants(route.value).filter((v) => (v !== "" || !inPath) && (!route.listed || (v.trim() === v && v !== "")));
      for (const text of refusable) {
        const response = await call(route, text);
        const where = `${route.method} ${route.url} with ${JSON.stringify(text)}`;
        expect(response.statusCode, `${where}: ${response.body}`).toBe(400);
        expect(response.json().error, where).toBe("ERR_MISSING_VALUES");
      }
    }
    const [user, messages] = await Promise.all(
      [`/api/users/${target.userId}`, `/api/messages/${target.ticketId}`].map(async (url) => (await server.request({ method: "GET", url, token: admin })).json()),
    );
    expect(user.name).not.toBe("Renamed");
    expect(messages.messages.map((m: { isDeleted: boolean }) => m.isDeleted)).toEqual([false]);
  });

  it("answer the canonical spelling as before", async () => {
    for (const route of routes.filter((r) => r.method === "GET")) {
      const response = await call(route, String(route.value));
      expect(response.statusCode, `${route.method} ${route.url}: ${response.body}`).toBe(200);
    }
  });

  it("answer an id beyond the database's range as a bad parameter, never a 500", async () => {
    for (const url of ["/api/users/99999999999", "/api/tickets/99999999999999999999", "/api/messages/9007199254740993"]) {
      const response = await server.request({ method: "GET", url, token: admin });
      expect(response.statusCode, `${url}: ${response.body}`).toBe(400);
      expect(response.json().error, url).toBe("ERR_MISSING_VALUES");
    }
  });
});
