import { auditPage, auditPageSize, isAuditSecretField, type AuditEntry, type AuditPage } from "@atendo/contracts";
import { sql } from "drizzle-orm";
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { commandLineEvents, resetPasswordCommand, resetTwoFactorCommand } from "../../admin-command.js";
import { parseCsv } from "../../core/csv.js";
import { auditEntries } from "../../db/schema/index.js";
import { domainEvent } from "../../events/domain-events.js";
import { withRequestContext } from "../../core/request-context.js";
import { pruneAuditEntries } from "../../jobs/audit-prune.js";
import type { Mail } from "../../mailer.js";
import { createRule, createTag } from "../../test/automation-fixtures.js";
import { createBot } from "../../test/bot-fixtures.js";
import { createConnection } from "../../test/channel-fixtures.js";
import { atendoCsv, postImport } from "../../test/contact-import-fixtures.js";
import { createContact, createQueue, createQuickAnswer } from "../../test/fixtures.js";
import { ADMIN, createTestServer, type TestServer } from "../../test/harness.js";
import { anonymous, expectError, expectRefused } from "../../test/route-guards.js";
import { createAnnouncement, createMonitoring, createUra, to } from "../../test/routing-fixtures.js";
import { seedTicket } from "../../test/ticket-fixtures.js";

const publicUrl = "https://atendo.example/";
const sent: Mail[] = [];
const from = { remoteAddress: "10.20.30.40", headers: { "user-agent": "AuditJourney/1.0" } };
let server: TestServer;
let admin: { id: number; token: string; name: string; email: string };
/** Every secret the flow handles: none may appear in any entry. */
const secrets = new Set<string>([ADMIN.password]);

/** A call from the admin's known address and browser. */
function call(token: string | undefined, options: InjectOptions) {
  return server.request({ ...options, ...from, headers: { ...from.headers, ...options.headers }, token });
}

async function audit(query: Record<string, string | number> = {}, token = admin.token): Promise<AuditPage> {
  const response = await call(token, { method: "GET", url: "/api/audit", query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])) });
  expect(response.statusCode, response.body).toBe(200);
  return auditPage.parse(response.json());
}

/** The newest entry of `action` about `entityId`. */
async function entryOf(action: string, entityId?: number | string): Promise<AuditEntry> {
  const { entries } = await audit({ action });
  const entry = entries.find((e) => entityId === undefined || e.entityId === String(entityId));
  if (!entry) throw new Error(`no ${action} entry for ${entityId}: ${JSON.stringify(entries)}`);
  return entry;
}

/** The entry names the admin (made through a shared fixture: from the test client's address). */
function expectByAdminAnywhere(entry: AuditEntry): void {
  expect(entry).toMatchObject({ userId: admin.id, userName: admin.name, userEmail: admin.email, ip: "127.0.0.1" });
}

/** The entry names the admin, from where they called. */
function expectByAdmin(entry: AuditEntry): void {
  expect(entry).toMatchObject({ userId: admin.id, userName: admin.name, userEmail: admin.email, ip: from.remoteAddress, userAgent: from.headers["user-agent"] });
}

beforeAll(async () => {
  server = await createTestServer({ PUBLIC_URL: publicUrl }, { mailer: { send: async (mail) => void sent.push(mail) } });
  const session = await server.login(ADMIN.email, ADMIN.password);
  admin = { id: session.user.id, token: session.token, name: session.user.name, email: session.user.email };
  secrets.add(session.token);
});
afterAll(() => server.close());

describe("GET /api/audit: guards", () => {
  it("refuses anonymous callers with 401, attendants and supervisors with 403", async () => {
    await expectRefused(server, [{ method: "GET", url: "/api/audit" }], anonymous, 401, "ERR_SESSION_EXPIRED");
    for (const profile of ["user", "supervisor"] as const) {
      const person = await server.createUser({ profile });
      await expectRefused(server, [{ method: "GET", url: "/api/audit" }, { method: "GET", url: "/api/audit?format=csv" }], person.token, 403, "ERR_NO_PERMISSION");
    }
  });
});

describe("the audit log records each admin change with who, where and before/after", () => {
  it("users: created, updated (before/after), password set by an admin, deleted", async () => {
    const response = await call(admin.token, { method: "POST", url: "/api/users", payload: { name: "Dora", email: "dora@atendo.test", password: "dora-first-pw", profile: "user" } });
    expect(response.statusCode, response.body).toBe(201);
    const dora = response.json() as { id: number };
    secrets.add("dora-first-pw");
    expectByAdmin(await entryOf("user.created", dora.id));
    expect((await call(admin.token, { method: "PUT", url: `/api/users/${dora.id}`, payload: { name: "Dora Lee", password: "dora-second-pw" } })).statusCode).toBe(200);
    secrets.add("dora-second-pw");
    const updated = await entryOf("user.updated", dora.id);
    expectByAdmin(updated);
    expect(updated.changes).toEqual({ name: { before: "Dora", after: "Dora Lee" } });
    const credentials = await entryOf("auth.credentialsChanged", dora.id);
    expectByAdmin(credentials);
    expect(credentials.details).toEqual({ change: "password" });
    expect((await call(admin.token, { method: "DELETE", url: `/api/users/${dora.id}` })).statusCode).toBe(200);
    expectByAdmin(await entryOf("user.deleted", dora.id));
  });

  it("one's own password change and a password reset, as the user who made them", async () => {
    const user = await server.createUser({ name: "Eve" });
    secrets.add(user.password).add(user.token);
    const own = await call(user.token, { method: "PUT", url: `/api/users/${user.id}`, payload: { password: "eve-new-password", currentPassword: user.password } });
    expect(own.statusCode, own.body).toBe(200);
    secrets.add("eve-new-password");
    expect(await entryOf("auth.credentialsChanged", user.id)).toMatchObject({ userId: user.id, userName: "Eve", ip: from.remoteAddress, details: { change: "password" } });

    expect((await call(undefined, { method: "POST", url: "/api/auth/forgot-password", payload: { email: user.email } })).statusCode).toBe(200);
    const link = /https:\/\/\S+/.exec(sent.findLast((mail) => mail.to === user.email)?.text ?? "")?.[0] ?? "";
    const token = new URL(link).searchParams.get("token") ?? "";
    secrets.add(token);
    const reset = await call(undefined, { method: "POST", url: "/api/auth/reset-password", payload: { token, password: "eve-reset-password" } });
    expect(reset.statusCode, reset.body).toBe(200);
    secrets.add("eve-reset-password");
    const entry = await entryOf("auth.credentialsChanged", user.id);
    expect(entry).toMatchObject({ userId: user.id, userEmail: user.email, ip: from.remoteAddress, details: { change: "passwordReset" } });
  });

  it("the command line's resets (`npm run admin -- reset-password | reset-2fa`): no person, no address", async () => {
    const user = await server.createUser({ name: "Fay" });
    const output = { out: () => undefined, err: () => undefined };
    const events = commandLineEvents(server.ctx.database);
    expect(await resetPasswordCommand(server.ctx.database, user.email, output, events)).toBe(0);
    expect(await entryOf("auth.credentialsChanged", user.id)).toMatchObject({ userId: null, ip: null, details: { change: "passwordReset" } });
    expect(await resetTwoFactorCommand(server.ctx.database, user.email, output, (event) => events.publish(event))).toBe(0);
    expect(await entryOf("auth.credentialsChanged", user.id)).toMatchObject({ userId: null, ip: null, details: { change: "twoFactorReset" } });
  });

  it("sign-ins over HTTP, refused and passed, with the address they came from", async () => {
    const login = (password: string) => call(undefined, { method: "POST", url: "/api/auth/login", payload: { email: ADMIN.email, password } });
    expect((await login("not-the-password")).statusCode).toBe(401);
    const passed = await login(ADMIN.password);
    expect(passed.statusCode).toBe(200);
    secrets.add("not-the-password").add(passed.json().token);
    const { entries } = await audit({ action: "auth.signIn" });
    expect(entries.slice(0, 2)).toMatchObject([
      { userId: admin.id, userEmail: admin.email, ip: from.remoteAddress, userAgent: from.headers["user-agent"], details: { method: "password", outcome: "success" } },
      { userId: admin.id, userEmail: admin.email, ip: from.remoteAddress, details: { method: "password", outcome: "failure" } },
    ]);
  });

  it("sign-ins, as the auth.signIn event says them (any method, an unknown e-mail)", async () => {
    const context = { ip: "10.1.1.1", userAgent: "Browser", actor: null, answering: true };
    await withRequestContext(context, () =>
      server.ctx.events.emit("auth.signIn", { userId: null, email: "nobody@atendo.test", method: "password", outcome: "failure", reason: "ERR_INVALID_CREDENTIALS" }),
    );
    await withRequestContext(context, () => server.ctx.events.emit("auth.signIn", { userId: admin.id, email: admin.email, method: "totp", outcome: "success" }));
    const { entries } = await audit({ action: "auth.signIn" });
    expect(entries.slice(0, 2)).toMatchObject([
      { userId: admin.id, userName: admin.name, userEmail: admin.email, ip: "10.1.1.1", details: { method: "totp", outcome: "success" } },
      { userId: null, userEmail: "nobody@atendo.test", ip: "10.1.1.1", details: { method: "password", outcome: "failure", reason: "ERR_INVALID_CREDENTIALS" } },
    ]);
  });

  it("queues, quick answers, tags and automations: created, updated with before/after, deleted", async () => {
    const queue = await createQueue(server, admin.token, { name: "Billing" });
    expect((await call(admin.token, { method: "PUT", url: `/api/queue/${queue.id}`, payload: { name: "Invoices" } })).statusCode).toBe(200);
    const renamed = await entryOf("queue.updated", queue.id);
    expectByAdmin(renamed);
    expect(renamed.changes).toEqual({ name: { before: "Billing", after: "Invoices" } });
    expect((await call(admin.token, { method: "DELETE", url: `/api/queue/${queue.id}` })).statusCode).toBe(200);
    const deleted = await entryOf("queue.deleted", queue.id);
    expect(deleted.changes?.name).toEqual({ before: "Invoices", after: null });

    const answer = await createQuickAnswer(server, admin.token);
    expect(await entryOf("quickAnswer.created", answer.id)).toMatchObject({ userId: admin.id });
    const tag = await createTag(server, admin.token, "Vip");
    expect((await call(admin.token, { method: "PUT", url: `/api/tags/${tag.id}`, payload: { name: "VIP client" } })).statusCode).toBe(200);
    expect((await entryOf("tag.updated", tag.id)).changes).toEqual({ name: { before: "Vip", after: "VIP client" } });
    const rule = await createRule(server, admin.token);
    expectByAdminAnywhere(await entryOf("automation.created", rule.id));
  });

  it("connections, with regenerated secrets shown as changed fingerprints, never the secrets", async () => {
    const queue = await createQueue(server, admin.token);
    const connection = await createConnection(server, admin.token, { destinationType: "queue", destinationItem: queue.id });
    secrets.add(connection.apiToken ?? "").add(connection.webhookSecret ?? "");
    const rotated = await call(admin.token, { method: "PUT", url: `/api/whatsapp/${connection.id}`, payload: { regenerateSecrets: true, name: "Renamed line" } });
    expect(rotated.statusCode, rotated.body).toBe(200);
    secrets.add(rotated.json().apiToken).add(rotated.json().webhookSecret);
    const entry = await entryOf("connection.updated", connection.id);
    expectByAdmin(entry);
    expect(entry.changes?.name).toEqual({ before: connection.name, after: "Renamed line" });
    for (const field of ["apiToken", "webhookSecret"]) {
      const change = entry.changes?.[field] as { before: string; after: string };
      expect(change.before).toMatch(/^\[secret [0-9a-f]{8}\]$/);
      expect(change.after).toMatch(/^\[secret [0-9a-f]{8}\]$/);
      expect(change.after).not.toBe(change.before);
    }
  });

  it("settings, the API token regenerated among them", async () => {
    for (const value of ["5", "7"]) {
      expect((await call(admin.token, { method: "PUT", url: "/api/settings/connectionAlertMinutes", payload: { value } })).statusCode).toBe(200);
    }
    const entry = await entryOf("setting.updated", "connectionAlertMinutes");
    expectByAdmin(entry);
    expect(entry.changes).toEqual({ connectionAlertMinutes: { before: "5", after: "7" } });
    const token = await call(admin.token, { method: "PUT", url: "/api/settings/userApiToken", payload: { value: "" } });
    expect(token.statusCode, token.body).toBe(200);
    secrets.add(token.json().value);
    const regenerated = await entryOf("setting.updated", "userApiToken");
    expect((regenerated.changes?.userApiToken as { after: string }).after).toMatch(/^\[secret [0-9a-f]{8}\]$/);
  });

  it("routing entities: menus, announcements, monitorings, bots", async () => {
    const queue = await createQueue(server, admin.token);
    const ura = await createUra(server, admin.token, to("queue", queue.id));
    expectByAdminAnywhere(await entryOf("ura.created", ura.id));
    const announcement = await createAnnouncement(server, admin.token, to("queue", queue.id));
    expectByAdminAnywhere(await entryOf("announcement.created", announcement.id));
    const monitoring = await createMonitoring(server, admin.token, admin.id);
    expectByAdminAnywhere(await entryOf("monitoring.created", monitoring.id));
    const bot = await createBot(server, admin.token, "http://127.0.0.1:9/bot", to("queue", queue.id));
    secrets.add("bot-secret-1234");
    expectByAdminAnywhere(await entryOf("bot.created", bot.id));
  });

  it("contact imports and exports (contacts, reports)", async () => {
    const started = await postImport(server, admin.token, { csv: atendoCsv(2), templateType: "atendo", language: "en" });
    expect(started.statusCode, started.body).toBe(202);
    expect((await entryOf("contactImport.started", started.json().import.id)).details).toMatchObject({ totalCount: 2 });
    expect((await call(admin.token, { method: "GET", url: "/api/contacts/export?searchParam=Ann" })).statusCode).toBe(200);
    const contactsExport = await entryOf("data.exported");
    expectByAdmin(contactsExport);
    expect(contactsExport).toMatchObject({ entityType: "contacts", details: { filters: { searchParam: "Ann", tagIds: [] } } });
    expect((await call(admin.token, { method: "GET", url: "/api/reports/tickets?action=download&startDate=2024-01-01&endDate=2024-01-31" })).statusCode).toBe(200);
    expect(await entryOf("data.exported")).toMatchObject({ entityType: "reports", details: { filters: { startDate: "2024-01-01", endDate: "2024-01-31" } } });
  });

  it("deletes of tickets, contacts and messages", async () => {
    const queue = await createQueue(server, admin.token);
    const connection = await createConnection(server, admin.token, { destinationType: "queue", destinationItem: queue.id });
    secrets.add(connection.apiToken ?? "").add(connection.webhookSecret ?? "");
    const ticketId = await seedTicket(server, { connectionId: connection.id, status: "open", userId: admin.id });
    const sentMessage = await call(admin.token, { method: "POST", url: `/api/messages/${ticketId}`, payload: { body: "Oops" } });
    expect(sentMessage.statusCode, sentMessage.body).toBe(201);
    const messageId = sentMessage.json().messages[0].id as number;
    const removed = await call(admin.token, { method: "DELETE", url: `/api/messages/${messageId}`, payload: { ticketId } });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await entryOf("message.deleted", messageId)).toMatchObject({ userId: admin.id, ip: from.remoteAddress, details: { ticketId } });
    expect((await call(admin.token, { method: "DELETE", url: `/api/tickets/${ticketId}` })).statusCode).toBe(200);
    expectByAdmin(await entryOf("ticket.deleted", ticketId));
    const contact = await createContact(server, admin.token);
    expect((await call(admin.token, { method: "DELETE", url: `/api/contacts/${contact.id}` })).statusCode).toBe(200);
    expectByAdmin(await entryOf("contact.deleted", contact.id));
  });

  it("keeps no entry of a write that rolled back", async () => {
    const context = { ip: "10.2.2.2", userAgent: null, actor: null, answering: true };
    const failed = withRequestContext(context, () =>
      server.ctx.events.transaction(async (_tx, publish) => {
        publish(domainEvent("auth.credentialsChanged", { userId: admin.id, change: "password", byUserId: admin.id }));
        throw new Error("the write fails after publishing");
      }),
    );
    await expect(failed).rejects.toThrow("the write fails");
    const [row] = await server.ctx.db.select({ n: sql<number>`count(*)::int` }).from(auditEntries).where(sql`${auditEntries.ip} = '10.2.2.2'`);
    expect(row?.n).toBe(0);
  });
});

describe("GET /api/audit: filters, paging, CSV", () => {
  it("filters by user and action, pages 50 at a time, newest first", async () => {
    const other = await server.createUser({ name: "Second admin", profile: "admin" });
    const tag = await createTag(server, other.token);
    const theirs = await audit({ userId: other.id });
    // Newest first: the label, then their sign-in.
    expect(theirs.entries.map((e) => [e.action, e.entityId])).toEqual([
      ["tag.created", String(tag.id)],
      ["auth.signIn", String(other.id)],
    ]);
    await server.ctx.db.insert(auditEntries).values(Array.from({ length: auditPageSize + 5 }, (_, i) => ({ action: "test.paging", entityId: String(i), createdAt: new Date(Date.UTC(2025, 0, 1, 0, i)) })));
    const first = await audit({ action: "test.paging" });
    expect([first.entries.length, first.hasMore, first.entries[0]?.entityId]).toEqual([auditPageSize, true, String(auditPageSize + 4)]);
    const second = await audit({ action: "test.paging", pageNumber: 2 });
    expect([second.entries.length, second.hasMore, second.entries.at(-1)?.entityId]).toEqual([5, false, "0"]);
  });

  it("filters by date range, both ends included; refuses bad dates with catalogued codes", async () => {
    const day = await audit({ action: "test.paging", from: "2025-01-01T00:10:00Z", to: "2025-01-01T00:19:00Z" });
    expect(day.entries.map((e) => e.entityId)).toEqual(["19", "18", "17", "16", "15", "14", "13", "12", "11", "10"]);
    expect((await audit({ action: "test.paging", to: "2024-12-31" })).entries).toEqual([]);
    expect((await audit({ action: "test.paging", from: "2025-01-01", to: "2025-01-01" })).entries).toHaveLength(auditPageSize);
    const get = (query: string) => call(admin.token, { method: "GET", url: `/api/audit?${query}` });
    await expectError(get("from=9999-01-01"), 400, "ERR_INVALID_DATE");
    await expectError(get("to=2025-02-30"), 400, "ERR_INVALID_DATE");
    await expectError(get("from=yesterday"), 400, "ERR_INVALID_DATE");
    await expectError(get("from=2025-02-01&to=2025-01-01"), 400, "ERR_PERIOD_END_BEFORE_START");
  });

  it("downloads the matching entries as CSV, itself an audited export", async () => {
    const response = await call(admin.token, { method: "GET", url: "/api/audit?format=csv&action=test.paging&from=2025-01-01T00:50:00Z" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(response.headers["content-disposition"]).toMatch(/^attachment; filename="audit-\d{4}-\d{2}-\d{2}\.csv"$/);
    const { header, rows } = await parseCsv(response.body);
    expect(header.slice(0, 8)).toEqual(["id", "createdAt", "userId", "userName", "userEmail", "ip", "userAgent", "action"]);
    expect(rows.map((row) => row.cells[9])).toEqual(["54", "53", "52", "51", "50"]);
    expect(await entryOf("data.exported")).toMatchObject({ entityType: "audit", userId: admin.id, details: { filters: { action: "test.paging" } } });
  });
});

describe("retention", () => {
  it("prunes entries older than auditRetentionDays, once across two instances at the same time", async () => {
    expect((await call(admin.token, { method: "PUT", url: "/api/settings/auditRetentionDays", payload: { value: "30" } })).statusCode).toBe(200);
    const now = new Date();
    const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000);
    await server.ctx.db.insert(auditEntries).values([
      ...Array.from({ length: 6 }, (_, i) => ({ action: "test.retention", entityId: `old-${i}`, createdAt: daysAgo(31 + i) })),
      { action: "test.retention", entityId: "recent", createdAt: daysAgo(29) },
    ]);
    const counts = await Promise.all([pruneAuditEntries(server.ctx, now), pruneAuditEntries(server.ctx, now)]);
    // The paging entries of January 2025 are past 30 days too.
    expect(counts[0] + counts[1]).toBe(6 + auditPageSize + 5);
    expect((await audit({ action: "test.retention" })).entries.map((e) => e.entityId)).toEqual(["recent"]);
  });
});

describe("secrets", () => {
  it("no entry of the whole flow holds a secret, nor a secret field's value", async () => {
    const rows = await server.ctx.db.select().from(auditEntries);
    expect(rows.length).toBeGreaterThan(20);
    const text = JSON.stringify(rows);
    for (const secret of secrets) if (secret) expect(text, "a secret reached the log").not.toContain(secret);
    const fingerprint = (value: unknown) => value === null || (typeof value === "string" && /^\[secret [0-9a-f]{8}\]$/.test(value));
    // A secret field holds a fingerprint, or (in `changes`) a fingerprint before and after.
    const hidden = (value: unknown) =>
      fingerprint(value) || (typeof value === "object" && fingerprint((value as { before: unknown }).before) && fingerprint((value as { after: unknown }).after));
    const check = (value: unknown): void => {
      if (Array.isArray(value)) return value.forEach(check);
      if (value === null || typeof value !== "object") return;
      for (const [key, inner] of Object.entries(value)) {
        if (isAuditSecretField(key)) expect(hidden(inner), `${key}: ${JSON.stringify(inner)}`).toBe(true);
        else check(inner);
      }
    };
    for (const row of rows) check([row.changes, row.details, row.snapshot]);
  });
});
