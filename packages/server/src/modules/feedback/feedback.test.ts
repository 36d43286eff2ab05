import { limits } from "@atendo/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { feedbacks } from "../../db/schema/index.js";
import type { Mail } from "../../mailer.js";
import { createTestServer, type TestServer } from "../../test/harness.js";

const message = "The ticket list freezes when I scroll quickly past the first page of results.";
const sent: Mail[] = [];
let failMail = false;
let server: TestServer;
beforeAll(async () => {
  server = await createTestServer(
    { FEEDBACK_TO: "owner@atendo.test" },
    {
      mailer: {
        async send(mail) {
          if (failMail) throw new Error("smtp down");
          sent.push(mail);
        },
      },
    },
  );
});
afterAll(() => server.close());

describe("POST /api/feedback", () => {
  it("rejects anonymous users", async () => {
    const response = await server.request({ method: "POST", url: "/api/feedback", payload: { type: "BUG", message } });
    expect(response.statusCode).toBe(401);
  });

  it("stores and mails the feedback of an attendant", async () => {
    const user = await server.createUser({ name: "Ana Lima" });
    const response = await server.request({ method: "POST", url: "/api/feedback", token: user.token, payload: { type: "BUG", message } });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ id: expect.any(Number), mailed: true });
    expect(sent.at(-1)).toMatchObject({ to: "owner@atendo.test", replyTo: user.email, text: message });
    expect(sent.at(-1)?.subject).toContain("Ana Lima");
  });

  it("keeps the feedback and answers ERR_SEND_MAIL when mailing fails", async () => {
    const user = await server.createUser();
    failMail = true;
    const before = (await server.ctx.db.select().from(feedbacks)).length;
    const response = await server.request({ method: "POST", url: "/api/feedback", token: user.token, payload: { type: "IDEA", message } });
    failMail = false;
    expect(response.statusCode).toBe(502);
    expect(response.json().error).toBe("ERR_SEND_MAIL");
    expect((await server.ctx.db.select().from(feedbacks)).length).toBe(before + 1);
  });

  it("validates the type and a message of 50–30000 characters", async () => {
    const user = await server.createUser();
    const post = (payload: object) => server.request({ method: "POST", url: "/api/feedback", token: user.token, payload });
    expect((await post({ type: "PRAISE", message })).statusCode).toBe(400);
    expect((await post({ type: "OTHER", message: "x".repeat(49) })).statusCode).toBe(400);
    expect((await post({ type: "OTHER", message: "x".repeat(50) })).statusCode).toBe(201);
    expect((await post({ type: "OTHER", message: "x".repeat(30000) })).statusCode).toBe(201);
    expect((await post({ type: "OTHER", message: "x".repeat(30001) })).statusCode).toBe(400);
  });
});

describe("GET /api/feedback", () => {
  it("refuses anonymous users (401) and attendants (403)", async () => {
    const anonymous = await server.request({ method: "GET", url: "/api/feedback" });
    expect([anonymous.statusCode, anonymous.json().error]).toEqual([401, "ERR_SESSION_EXPIRED"]);
    const attendant = await server.createUser();
    const refused = await server.request({ method: "GET", url: "/api/feedback", token: attendant.token });
    expect([refused.statusCode, refused.json().error]).toEqual([403, "ERR_NO_PERMISSION"]);
  });

  it("lists every message to admins, newest first, with its sender, type and whether it was e-mailed", async () => {
    const admin = await server.adminToken();
    const sender = await server.createUser({ name: "Bia Souza" });
    const post = (type: string, text: string) =>
      server.request({ method: "POST", url: "/api/feedback", token: sender.token, payload: { name: "Bia from support", type, message: text } });
    const mailed = (await post("IDEA", `${message} (mailed)`)).json();
    failMail = true;
    const stored = await post("OTHER", `${message} (stored only)`);
    failMail = false;
    expect(stored.statusCode).toBe(502);

    const response = await server.request({ method: "GET", url: "/api/feedback", token: admin });
    expect(response.statusCode).toBe(200);
    const [newest, previous] = response.json().feedback;
    expect(newest).toEqual({
      id: expect.any(Number),
      type: "OTHER",
      message: `${message} (stored only)`,
      name: "Bia from support",
      sender: { id: sender.id, name: "Bia Souza", email: sender.email },
      mailedAt: null,
      createdAt: expect.any(String),
    });
    expect(previous).toMatchObject({ id: mailed.id, type: "IDEA", mailedAt: expect.any(String) });
  });

  it("pages by limits.pageSize with hasMore", async () => {
    const admin = await server.adminToken();
    const user = await server.createUser();
    // Straight into the table: the form is rate limited (20 an hour) and the route is not what is tested.
    await server.ctx.db.insert(feedbacks).values(Array.from({ length: limits.pageSize + 1 }, () => ({ userId: user.id, name: "Many", type: "BUG" as const, message })));
    const first = (await server.request({ method: "GET", url: "/api/feedback?pageNumber=1", token: admin })).json();
    expect(first.feedback).toHaveLength(limits.pageSize);
    expect(first.hasMore).toBe(true);
    const total = (await server.ctx.db.select().from(feedbacks)).length;
    const lastPage = Math.ceil(total / limits.pageSize);
    const last = (await server.request({ method: "GET", url: `/api/feedback?pageNumber=${lastPage}`, token: admin })).json();
    expect(last.hasMore).toBe(false);
    expect(last.feedback).toHaveLength(total - (lastPage - 1) * limits.pageSize);
    const ids = first.feedback.map((item: { id: number }) => item.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
  });
});
