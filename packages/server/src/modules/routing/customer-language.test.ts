import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inbound, uniqueNumber } from "../../test/channel-fixtures.js";
import { createQueue } from "../../test/fixtures.js";
import { createTestServer, type TestServer } from "../../test/harness.js";
import { connectionTo, conversation, createUra, menuRows, to } from "../../test/routing-fixtures.js";

// Atendo's own texts to customers follow the `customerLanguage` setting (issue 28, decision 0065).
let server: TestServer;
let admin: string;
beforeAll(async () => {
  server = await createTestServer();
  admin = await server.adminToken();
});
afterAll(() => server.close());

const setLanguage = (value: string) => server.request({ method: "PUT", url: "/api/settings/customerLanguage", token: admin, payload: { value } });

/** A customer who answers a one-option menu wrongly until handed to the team; the texts they got after "hi" and the menu. */
async function missedEveryTime(): Promise<string[]> {
  const queue = await createQueue(server, admin);
  const menu = await createUra(server, admin, to("queue", queue.id), { description: "Menu", ...menuRows(["1", "Team", to("queue", queue.id)]) });
  const connection = await connectionTo(server, admin, to("uras", menu.id));
  const number = uniqueNumber();
  const say = async (body: string) => (await inbound(server, connection, { from: { number }, body })).ticketId;
  const ticketId = await say("hi");
  for (const answer of ["7", "8", "9"]) await say(answer);
  const { bodies } = await conversation(server, admin, ticketId);
  return bodies.filter((_, index) => index >= 2 && index % 2 === 1);
}

describe("the customers' language", () => {
  it("is not chosen on a new install (CUSTOMER_LANGUAGE unset), and routing then writes English", async () => {
    const settings = (await server.request({ method: "GET", url: "/api/settings", token: admin })).json() as { key: string; value: string }[];
    expect(settings.find((setting) => setting.key === "customerLanguage")?.value).toBe("");
    const [retry, , handOver] = await missedEveryTime();
    expect(retry).toMatch(/^Sorry, that option was not recognised\./);
    expect(handOver).toBe("We could not find your option. An attendant will answer you here shortly.");
  });

  it("set to Portuguese, writes the menu's 'not recognised' line and the hand-over in Portuguese", async () => {
    expect((await setLanguage("pt")).statusCode).toBe(200);
    const [retry, again, handOver] = await missedEveryTime();
    expect(retry).toBe("Desculpe, essa opção não foi reconhecida. Responda com uma das opções abaixo.\n\nMenu\n\n1 - Team");
    expect(again).toBe(retry);
    expect(handOver).toBe("Não encontramos a sua opção. Um atendente vai responder aqui em breve.");
  });

  it("accepts only the app's languages", async () => {
    const response = await setLanguage("fr");
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe("ERR_MISSING_VALUES");
  });
});
