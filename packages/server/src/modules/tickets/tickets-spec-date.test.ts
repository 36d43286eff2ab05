import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServer, type TestServer } from "../../test/harness.js";
import { createChat } from "../../test/chat-fixtures.js";
import { idsOf, listTickets, seedTeam, seedTicket } from "../../test/ticket-fixtures.js";

/**
 * GET /tickets `date` as the spec's clients send it: a full ISO timestamp, of which the day on the
 * install's clock (TIME_ZONE) is meant; `yyyy-mm-dd` keeps working (docs/decisions/0047).
 */

let server: TestServer;
let admin: string;
let lateOnMay4: number;
let earlyOnMay5: number;
beforeAll(async () => {
  server = await createTestServer({ TIME_ZONE: "America/Sao_Paulo" });
  admin = await server.adminToken();
  const { connection } = await seedTeam(server, admin);
  // São Paulo is UTC−3: 02:10 UTC on 5 May is 23:10 on 4 May there, 03:10 UTC is 00:10 on 5 May.
  lateOnMay4 = await seedTicket(server, { connectionId: connection.id, status: "closed", updatedAt: new Date("2023-05-05T02:10:00Z") });
  earlyOnMay5 = await seedTicket(server, { connectionId: connection.id, status: "closed", updatedAt: new Date("2023-05-05T03:10:00Z") });
});
afterAll(() => server.close());

const closedOn = async (date: string) => idsOf(await listTickets(server, admin, { status: "closed", showAll: true, date }));

describe("GET /api/tickets?date=<ISO timestamp>", () => {
  it("takes the timestamp's day on the install's clock, whatever its own offset", async () => {
    // 01:00 UTC on 5 May is still 4 May in São Paulo.
    expect(await closedOn("2023-05-05T01:00:00.000Z")).toEqual([lateOnMay4]);
    expect(await closedOn("2023-05-05T12:00:00.000Z")).toEqual([earlyOnMay5]);
    expect(await closedOn("2023-05-04T22:30:00-03:00")).toEqual([lateOnMay4]);
  });

  it("keeps accepting a plain day", async () => {
    expect(await closedOn("2023-05-04")).toEqual([lateOnMay4]);
    expect(await closedOn("2023-05-05")).toEqual([earlyOnMay5]);
  });

  it.each(["yesterday", "2023-05-05T25:00:00Z", "2023-13-01", "1683252000000"])("refuses %s with a catalogued 400", async (date) => {
    const response = await server.request({ method: "GET", url: `/api/tickets?date=${encodeURIComponent(date)}`, token: admin });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe("ERR_INVALID_DATE");
  });
});

describe("GET /api/chats?date=<ISO timestamp>", () => {
  it("keeps the chats active on the timestamp's day, and refuses a malformed one", async () => {
    const other = await server.createUser();
    const created = await createChat(server, admin, { participantIds: [other.id] });
    const onDay = async (date: string) => {
      const response = await server.request({ method: "GET", url: `/api/chats?date=${encodeURIComponent(date)}`, token: admin });
      expect(response.statusCode).toBe(200);
      return (response.json() as { chats: { id: number }[] }).chats.map((c) => c.id);
    };
    expect(await onDay(created.updatedAt)).toContain(created.id);
    expect(await onDay("2023-05-05T01:00:00.000Z")).toEqual([]);
    const bad = await server.request({ method: "GET", url: "/api/chats?date=tomorrow", token: admin });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe("ERR_INVALID_DATE");
  });
});
