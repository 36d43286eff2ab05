import type { AppMessageEvent, MessagePage } from "@atendo/contracts";
import { appMessageEvent } from "@atendo/contracts";
import { beforeAll, describe, expect, it } from "vitest";
import { createConnection, uniqueNumber } from "../../test/channel-fixtures.js";
import { fakeDrivers } from "../../test/fake-driver.js";
import { createQueue } from "../../test/fixtures.js";
import { useLiveServer } from "../../test/live-server.js";
import { nextEvent, recordEvents, settle } from "../../test/socket-client.js";

/** A customer's edit reaches clients as the spec's `edit` action (§4 "Message events: create, update, edit"). */

const live = useLiveServer();
const fakes = fakeDrivers();
beforeAll(() => live.server.ctx.channels.registerDriver("whatsapp", fakes.factory));

describe("appMessage edit", () => {
  it("carries the edited message (new text, isEdited) as action edit; acks stay update", async () => {
    const queue = await createQueue(live.server, live.admin);
    const connection = await createConnection(live.server, live.admin, { kind: "whatsapp", destinationType: "queue", destinationItem: queue.id });
    const driver = fakes.of(connection.id);
    const socket = await live.sockets.connect(live.admin);
    const created = nextEvent<AppMessageEvent>(socket, "appMessage");
    await driver.events.onMessage({ externalId: "wa-edit-1", chat: { number: uniqueNumber(), name: "Ana", isGroup: false }, fromMe: false, body: "typo", mediaType: "chat", timestamp: new Date() });
    const { message } = await created;

    const heard = recordEvents<AppMessageEvent>(socket, "appMessage");
    await driver.events.onEdit("wa-edit-1", "fixed");
    await settle(socket);
    expect(heard).toHaveLength(1);
    expect(appMessageEvent.parse(heard[0])).toMatchObject({ action: "edit", message: { id: message.id, body: "fixed", isEdited: true } });
    const page = (await live.server.request({ method: "GET", url: `/api/messages/${message.ticketId}`, token: live.admin })).json() as MessagePage;
    expect(page.messages.find((m) => m.id === message.id)).toMatchObject({ body: "fixed", isEdited: true });

    const reply = await live.server.request({ method: "POST", url: `/api/messages/${message.ticketId}`, token: live.admin, payload: { body: "answer" } });
    expect(reply.statusCode).toBe(201);
    const sentId = (reply.json() as { messages: { id: number }[] }).messages[0]?.id;
    heard.length = 0;
    await driver.events.onAck(`fake-${sentId}`, 4);
    await settle(socket);
    // The send itself may still report its own acks: only the read ack is looked at.
    expect(heard.filter((e) => e.message.id === sentId && e.message.ack === 4).map((e) => e.action)).toEqual(["update"]);
    expect(heard.some((e) => e.action === "edit")).toBe(false);
  });
});
