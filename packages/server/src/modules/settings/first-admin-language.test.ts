import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inbound, uniqueNumber } from "../../test/channel-fixtures.js";
import { createQueue } from "../../test/fixtures.js";
import { ADMIN, createTestServer, type TestServer } from "../../test/harness.js";
import { connectionTo, conversation, createUra, menuRows, to } from "../../test/routing-fixtures.js";

// The customers' language defaults to the first admin's: the web sends the page's language with
// the sign-in, and an admin's sign-in sets the setting while it is unset (issue 28, decision 0071).
let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

const signIn = (email: string, password: string, language?: string) =>
  server.request({ method: "POST", url: "/api/auth/login", payload: { email, password, ...(language ? { language } : {}) } });

async function customerLanguageSetting(): Promise<string | undefined> {
  const admin = await server.adminToken();
  const settings = (await server.request({ method: "GET", url: "/api/settings", token: admin })).json() as { key: string; value: string }[];
  return settings.find((setting) => setting.key === "customerLanguage")?.value;
}

/** What a customer who answers a menu with an option it lacks is told. */
async function notRecognisedLine(): Promise<string | undefined> {
  const admin = await server.adminToken();
  const queue = await createQueue(server, admin);
  const menu = await createUra(server, admin, to("queue", queue.id), { description: "Menu", ...menuRows(["1", "Team", to("queue", queue.id)]) });
  const connection = await connectionTo(server, admin, to("uras", menu.id));
  const number = uniqueNumber();
  await inbound(server, connection, { from: { number }, body: "hi" });
  const { ticketId } = await inbound(server, connection, { from: { number }, body: "7" });
  return (await conversation(server, admin, ticketId)).bodies.at(-1);
}

describe("the customers' language at the first admin's sign-in", () => {
  it("is not taken from an attendant's sign-in, nor from a sign-in without a language (the spec's call)", async () => {
    const attendant = await server.createUser();
    expect((await signIn(attendant.email, attendant.password, "es")).statusCode).toBe(200);
    expect((await signIn(ADMIN.email, ADMIN.password)).statusCode).toBe(200);
    expect(await customerLanguageSetting()).toBe("");
  });

  it("becomes the admin's page language, and customers are written to in it", async () => {
    expect((await signIn(ADMIN.email, ADMIN.password, "pt")).statusCode).toBe(200);
    expect(await customerLanguageSetting()).toBe("pt");
    expect(await notRecognisedLine()).toBe("Desculpe, essa opção não foi reconhecida. Responda com uma das opções abaixo.\n\nMenu\n\n1 - Team");
  });

  it("does not replace a language already set, by a later admin's sign-in", async () => {
    const otherAdmin = await server.createUser({ profile: "admin" });
    expect((await signIn(otherAdmin.email, otherAdmin.password, "es")).statusCode).toBe(200);
    expect(await customerLanguageSetting()).toBe("pt");
  });

  it("refuses a language the app does not have", async () => {
    const response = await signIn(ADMIN.email, ADMIN.password, "fr");
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe("ERR_MISSING_VALUES");
  });
});
