import type { QuickAnswer } from "@atendo/contracts";
import { limits } from "@atendo/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createQuickAnswer } from "../../test/fixtures.js";
import { createTestServer, type TestServer } from "../../test/harness.js";
import { anonymous, expectMissingId, expectRefused, resourceCalls } from "../../test/route-guards.js";

let server: TestServer;
let admin: string;
let attendant: { id: number; token: string };
beforeAll(async () => {
  server = await createTestServer();
  admin = await server.adminToken();
  attendant = await server.createUser();
});
afterAll(() => server.close());

function post(payload: object, token = attendant.token) {
  return server.request({ method: "POST", url: "/api/quickAnswers", token, payload });
}

function list(query: string) {
  return server.request({ method: "GET", url: `/api/quickAnswers?${query}`, token: attendant.token });
}

const shortcuts = (answers: QuickAnswer[]) => answers.map((a) => a.shortcut);

describe("quick answer routes: guards", () => {
  it("reject anonymous users on every route", async () => {
    const calls = [
      ...resourceCalls("/api/quickAnswers", { create: { shortcut: "hi", message: "Hello there!" }, update: { message: "Hello again!" } }),
      { method: "GET", url: "/api/quickAnswers/lookup?q=a" },
    ] as const;
    await expectRefused(server, calls, anonymous, 401, "ERR_SESSION_EXPIRED");
  });

  it("let an attendant delete only their own answers; admins delete any", async () => {
    const byAdmin = await createQuickAnswer(server, admin);
    const byAttendant = await createQuickAnswer(server, attendant.token);
    const calls = [{ method: "DELETE", url: `/api/quickAnswers/${byAdmin.id}` }] as const;
    await expectRefused(server, calls, attendant.token, 403, "ERR_NO_PERMISSION");
    expect(byAttendant.createdBy).toBe(attendant.id);
    expect((await server.request({ ...calls[0], token: admin })).json()).toEqual({ ok: true });
    const own = await server.request({ method: "DELETE", url: `/api/quickAnswers/${byAttendant.id}`, token: attendant.token });
    expect(own.statusCode).toBe(200);
    expect((await server.request({ method: "GET", url: `/api/quickAnswers/${byAttendant.id}`, token: admin })).statusCode).toBe(404);
  });
});

describe("POST and PUT /api/quickAnswers", () => {
  it("checks the shortcut 2–15 and the message 8–30000 at and past each bound", async () => {
    const s = limits.quickAnswerShortcut;
    const m = limits.quickAnswerMessage;
    const message = "m".repeat(m.min);
    expect((await post({ shortcut: "s".repeat(s.min - 1), message })).statusCode).toBe(400);
    expect((await post({ shortcut: "s".repeat(s.min), message })).statusCode).toBe(201);
    expect((await post({ shortcut: "t".repeat(s.max), message })).statusCode).toBe(201);
    expect((await post({ shortcut: "u".repeat(s.max + 1), message })).statusCode).toBe(400);
    expect((await post({ shortcut: "short7", message: "m".repeat(m.min - 1) })).statusCode).toBe(400);
    expect((await post({ shortcut: "long1", message: "m".repeat(m.max) })).statusCode).toBe(201);
    const tooLong = await post({ shortcut: "long2", message: "m".repeat(m.max + 1) });
    expect(tooLong.json().error).toBe("ERR_MISSING_VALUES");
    expect((await post({ shortcut: "nomsg" })).statusCode).toBe(400);
  });

  it("refuses a shortcut in use, whatever its case, on create and update", async () => {
    await createQuickAnswer(server, attendant.token, { shortcut: "greet" });
    const duplicate = await post({ shortcut: "GREET", message: "Hello, how are you?" });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().error).toBe("ERR_QUICK_ANSWER_SHORTCUT_EXISTS");
    const other = await createQuickAnswer(server, attendant.token);
    const renamed = await server.request({ method: "PUT", url: `/api/quickAnswers/${other.id}`, token: admin, payload: { shortcut: "Greet" } });
    expect(renamed.json().error).toBe("ERR_QUICK_ANSWER_SHORTCUT_EXISTS");
  });

  it("lets any user correct a shared answer, changing only the fields given", async () => {
    const answer = await createQuickAnswer(server, admin, { shortcut: "fixme", message: "Original message" });
    const response = await server.request({
      method: "PUT",
      url: `/api/quickAnswers/${answer.id}`,
      token: attendant.token,
      payload: { message: "Corrected message" },
    });
    expect(response.json()).toMatchObject({ id: answer.id, shortcut: "fixme", message: "Corrected message" });
  });

  it("answers ERR_NO_QUICK_ANSWER_FOUND for a missing id", async () => {
    await expectMissingId(server, "/api/quickAnswers", admin, "ERR_NO_QUICK_ANSWER_FOUND");
  });
});

describe("GET /api/quickAnswers", () => {
  it("searches shortcut and message case-insensitively, ordered by shortcut", async () => {
    await createQuickAnswer(server, admin, { shortcut: "Zebra", message: "Nothing special here" });
    await createQuickAnswer(server, admin, { shortcut: "apple", message: "Our PINEAPPLE offer" });
    await createQuickAnswer(server, admin, { shortcut: "Mango", message: "Fruit of the day" });
    expect(shortcuts((await list("searchParam=APPLE")).json().quickAnswers)).toEqual(["apple"]);
    expect(shortcuts((await list("searchParam=pineapple")).json().quickAnswers)).toEqual(["apple"]);
    const page = (await list("searchParam=a")).json();
    expect(shortcuts(page.quickAnswers)).toEqual(expect.arrayContaining(["apple", "Mango", "Zebra"]));
    const lower = shortcuts(page.quickAnswers).map((s) => s.toLowerCase());
    expect(lower).toEqual([...lower].sort());
  });

  it("answers on the spec's spelling with a trailing slash too", async () => {
    const response = await server.request({ method: "GET", url: "/api/quickAnswers/?searchParam=zebra", token: attendant.token });
    expect(response.statusCode).toBe(200);
    expect(shortcuts(response.json().quickAnswers)).toEqual(["Zebra"]);
  });

  it("pages 20 at a time with hasMore", async () => {
    for (let i = 0; i < limits.pageSize + 1; i++) {
      await createQuickAnswer(server, admin, { shortcut: `pg${String(i).padStart(2, "0")}`, message: "Paged answer body" });
    }
    const first = (await list("searchParam=paged%20answer&pageNumber=1")).json();
    expect(first.quickAnswers).toHaveLength(limits.pageSize);
    expect(first.hasMore).toBe(true);
    const second = (await list("searchParam=paged%20answer&pageNumber=2")).json();
    expect(shortcuts(second.quickAnswers)).toEqual([`pg${limits.pageSize}`]);
    expect(second.hasMore).toBe(false);
  });
});

describe("GET /api/quickAnswers/lookup", () => {
  it("puts shortcut prefix matches first, then message matches, each by shortcut", async () => {
    await createQuickAnswer(server, admin, { shortcut: "qzthanks", message: "Thank you for waiting" });
    await createQuickAnswer(server, admin, { shortcut: "QZx", message: "Cheers and goodbye" });
    await createQuickAnswer(server, admin, { shortcut: "bye", message: "Thanks, qz bye for now" });
    await createQuickAnswer(server, admin, { shortcut: "aqz", message: "Unrelated wording here" });
    await createQuickAnswer(server, admin, { shortcut: "nomatch", message: "Nothing to see here" });
    const lookup = (q: string, limit = 10) =>
      server.request({ method: "GET", url: `/api/quickAnswers/lookup?q=${q}&limit=${limit}`, token: attendant.token });
    expect(shortcuts((await lookup("qz")).json().quickAnswers)).toEqual(["qzthanks", "QZx", "aqz", "bye"]);
    expect(shortcuts((await lookup("QZ", 2)).json().quickAnswers)).toEqual(["qzthanks", "QZx"]);
    expect(shortcuts((await lookup("qz", 3)).json().quickAnswers)).toEqual(["qzthanks", "QZx", "aqz"]);
    expect((await lookup("qz", 0)).statusCode).toBe(400);
    expect((await lookup("qz", 11)).statusCode).toBe(400);
  });

  it("lists the first shortcuts for an empty q, up to the limit", async () => {
    const response = await server.request({ method: "GET", url: "/api/quickAnswers/lookup?limit=3", token: attendant.token });
    const all = (await list("")).json().quickAnswers as QuickAnswer[];
    expect(shortcuts(response.json().quickAnswers)).toEqual(shortcuts(all.slice(0, 3)));
  });

  it("matches LIKE wildcards literally", async () => {
    await createQuickAnswer(server, admin, { shortcut: "50%off", message: "Half price today" });
    const response = await server.request({ method: "GET", url: `/api/quickAnswers/lookup?q=${encodeURIComponent("50%")}`, token: attendant.token });
    expect(shortcuts(response.json().quickAnswers)).toEqual(["50%off"]);
    const underscore = await server.request({ method: "GET", url: "/api/quickAnswers/lookup?q=_", token: attendant.token });
    expect(underscore.json().quickAnswers).toEqual([]);
  });
});
