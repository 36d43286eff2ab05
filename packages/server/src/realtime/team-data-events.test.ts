import { describe, expect, it } from "vitest";
import { createContact, createQuickAnswer } from "../test/fixtures.js";
import { useLiveServer } from "../test/live-server.js";
import { nextEvent } from "../test/socket-client.js";

/** Quick answers and contacts are team reference data: every signed-in socket hears about them. */
const live = useLiveServer();

/** Two attendants (neither the author) and an admin, all listening to one event. */
async function listeners(event: string) {
  const a = await live.sockets.connect((await live.server.createUser()).token);
  const b = await live.sockets.connect((await live.server.createUser()).token);
  const adminSocket = await live.sockets.connect(live.admin);
  return () => Promise.all([a, b, adminSocket].map((socket) => nextEvent(socket, event)));
}

describe("quickAnswer events", () => {
  it("reach every signed-in user on create, update and delete", async () => {
    const author = await live.server.createUser();
    const next = await listeners("quickAnswer");

    let received = next();
    const answer = await createQuickAnswer(live.server, author.token, { shortcut: "live", message: "Live answer body" });
    expect(await received).toEqual(Array(3).fill({ action: "create", quickAnswer: answer }));

    received = next();
    const updated = await live.server.request({ method: "PUT", url: `/api/quickAnswers/${answer.id}`, token: author.token, payload: { message: "Changed body!" } });
    expect(await received).toEqual(Array(3).fill({ action: "update", quickAnswer: updated.json() }));

    received = next();
    await live.server.request({ method: "DELETE", url: `/api/quickAnswers/${answer.id}`, token: author.token });
    expect(await received).toEqual(Array(3).fill({ action: "delete", quickAnswerId: answer.id }));
  });
});

describe("contact events", () => {
  it("reach every signed-in user on create, update and delete", async () => {
    const author = await live.server.createUser();
    const next = await listeners("contact");

    let received = next();
    const contact = await createContact(live.server, author.token, { extraInfo: [{ name: "Plan", value: "Gold" }] });
    expect(await received).toEqual(Array(3).fill({ action: "create", contact }));

    received = next();
    const updated = await live.server.request({ method: "PUT", url: `/api/contacts/${contact.id}`, token: author.token, payload: { name: "Renamed" } });
    expect(await received).toEqual(Array(3).fill({ action: "update", contact: updated.json() }));

    received = next();
    await live.server.request({ method: "DELETE", url: `/api/contacts/${contact.id}`, token: live.admin });
    expect(await received).toEqual(Array(3).fill({ action: "delete", contactId: contact.id }));
  });
});
