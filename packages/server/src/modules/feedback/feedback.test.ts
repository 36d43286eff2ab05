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
