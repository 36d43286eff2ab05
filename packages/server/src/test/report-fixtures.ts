import type { ReportCharts, ReportPage, TicketStatus } from "@atendo/contracts";
import { uniqueNumber } from "./channel-fixtures.js";
import type { TestServer } from "./harness.js";
import type { Db } from "../db/client.js";
import { contacts, messages, tickets } from "../db/schema/index.js";

/** Test data for reports: tickets written straight to the database at chosen moments. */

export interface ReportSeed {
  connectionId: number | null;
  status: TicketStatus;
  createdAt: string;
  closedAt?: string;
  firstResponseAt?: string;
  userId?: number | null;
  queueId?: number | null;
  contactName?: string;
  contactNumber?: string;
  /** The name kept of a deleted connection. */
  connectionName?: string;
  /** Messages at these moments: `in` from the customer, `out` from an attendant, `auto` Atendo's own. */
  messages?: { at: string; from: "in" | "out" | "auto" }[];
  /** The customer's answer to the satisfaction survey. */
  rating?: { score: number; comment?: string };
}

export async function seedReportTicket(server: TestServer, seed: ReportSeed): Promise<number> {
  return seedReportTicketIn(server.ctx.db, seed);
}

/** The same, in a database of the test's own (a read replica's). */
export async function seedReportTicketIn(db: Db, seed: ReportSeed): Promise<number> {
  const [contact] = await db
    .insert(contacts)
    .values({ name: seed.contactName ?? "Report Contact", number: seed.contactNumber ?? uniqueNumber() })
    .returning({ id: contacts.id });
  const closedAt = seed.closedAt ? new Date(seed.closedAt) : null;
  const [ticket] = await db
    .insert(tickets)
    .values({
      contactId: contact!.id,
      connectionId: seed.connectionId,
      connectionName: seed.connectionName,
      status: seed.status,
      userId: seed.userId ?? null,
      queueId: seed.queueId ?? null,
      createdAt: new Date(seed.createdAt),
      updatedAt: closedAt ?? new Date(seed.createdAt),
      closedAt,
      firstResponseAt: seed.firstResponseAt ? new Date(seed.firstResponseAt) : null,
      ...(seed.rating ? { ratingScore: seed.rating.score, ratingComment: seed.rating.comment ?? null, ratedAt: closedAt ?? new Date(seed.createdAt) } : {}),
    })
    .returning({ id: tickets.id });
  const id = ticket!.id;
  if (seed.messages?.length) {
    await db.insert(messages).values(
      seed.messages.map((message) => ({
        ticketId: id,
        connectionId: seed.connectionId,
        body: message.from,
        fromMe: message.from !== "in",
        mediaType: message.from === "auto" ? ("chat-automatic" as const) : ("chat" as const),
        userId: message.from === "out" ? (seed.userId ?? null) : null,
        createdAt: new Date(message.at),
      })),
    );
  }
  return id;
}

function queryString(query: Record<string, string | number | undefined>): string {
  return new URLSearchParams(Object.entries(query).flatMap(([key, value]) => (value === undefined ? [] : [[key, String(value)]]))).toString();
}

export function getReport(server: TestServer, token: string | undefined, query: Record<string, string | number | undefined>) {
  return server.request({ method: "GET", url: `/api/reports/tickets?${queryString(query)}`, token });
}

export function getCharts(server: TestServer, token: string | undefined, query: Record<string, string | number | undefined>) {
  return server.request({ method: "GET", url: `/api/reports/charts?${queryString(query)}`, token });
}

/** GET /api/reports/tickets, failing the test on anything but 200. */
export async function reportOf(server: TestServer, token: string, query: Record<string, string | number | undefined>): Promise<ReportPage> {
  const response = await getReport(server, token, query);
  if (response.statusCode !== 200) throw new Error(`GET /api/reports/tickets failed: ${response.body}`);
  return response.json() as ReportPage;
}

/** GET /api/reports/charts, failing the test on anything but 200. */
export async function chartsOf(server: TestServer, token: string, query: Record<string, string | number | undefined>): Promise<ReportCharts> {
  const response = await getCharts(server, token, query);
  if (response.statusCode !== 200) throw new Error(`GET /api/reports/charts failed: ${response.body}`);
  return response.json() as ReportCharts;
}

/** The CSV's lines without the byte order mark and the final line break. */
export function csvLinesOf(body: string): string[] {
  return body.replace(/^\uFEFF/, "").replace(/\r\n$/, "").split("\r\n");
}
