import type { AppMessageEvent, Message, Ticket } from "@atendo/contracts";
import { describe, expect, it } from "vitest";
import { aMessage, aTicket } from "../../../test/fixtures";
import { shouldNotify } from "./notification-rule";
import type { ListViewer } from "./ticket-list-cache";

const me: ListViewer = { id: 7, profile: "user", queueIds: [1], unstaffedQueueIds: [], timeZone: "UTC" };
const admin: ListViewer = { id: 1, profile: "admin", queueIds: [], unstaffedQueueIds: [], timeZone: "UTC" };

function created(ticketOverrides: Partial<Ticket> = {}, messageOverrides: Partial<Message> = {}): AppMessageEvent {
  const ticket = aTicket({ contact: { ...aTicket().contact, id: 3, name: "Maria", number: "5511999" }, contactId: 3, lastMessage: "hi", unreadMessages: 1, ...ticketOverrides });
  const message = aMessage({ body: "hi", read: false, ...messageOverrides });
  return { action: "create", message, ticket, contact: ticket.contact };
}

describe("notifications", () => {
  it("tells queue members of a customer's message in a waiting ticket", () => {
    expect(shouldNotify(created(), me, null, false)).toBe(true);
  });

  it("stays quiet for our own messages, updates and other people's work", () => {
    expect(shouldNotify(created({}, { fromMe: true }), me, null, false)).toBe(false);
    const update = created();
    expect(shouldNotify({ action: "update", message: update.action === "create" ? update.message : ({} as Message) }, me, null, false)).toBe(false);
    expect(shouldNotify(created({ queueId: 2 }), me, null, false)).toBe(false);
    // An admin hears every event but is only notified of their own work.
    expect(shouldNotify(created({ status: "open", userId: 9 }), admin, null, false)).toBe(false);
    expect(shouldNotify(created({ status: "open", userId: 1 }), admin, null, false)).toBe(true);
  });

  it("tells an admin of a customer waiting in a queue nobody belongs to (0069)", () => {
    expect(shouldNotify(created({ queueId: 5 }), admin, null, false)).toBe(false);
    expect(shouldNotify(created({ queueId: 5 }), { ...admin, unstaffedQueueIds: [5] }, null, false)).toBe(true);
  });

  it("does not notify for the ticket on screen unless the tab is hidden", () => {
    expect(shouldNotify(created({ status: "open", userId: 7 }), me, 10, false)).toBe(false);
    expect(shouldNotify(created({ status: "open", userId: 7 }), me, 10, true)).toBe(true);
    expect(shouldNotify(created({ status: "open", userId: 7 }), me, 11, false)).toBe(true);
  });
});
