import type { Ticket, TicketStatus } from "@atendo/contracts";
import { describe, expect, it } from "vitest";
import {
  applyTicket,
  belongsToList,
  byRecentActivity,
  isOwnWork,
  markTicketRead,
  removeTicket,
  type ListViewer,
  type TicketListData,
  type TicketListFilter,
} from "./ticket-list-cache";
import { aTicket } from "../../../test/fixtures";

const me: ListViewer = { id: 7, profile: "user", queueIds: [1], unstaffedQueueIds: [], timeZone: "UTC" };
const admin: ListViewer = { id: 1, profile: "admin", queueIds: [], unstaffedQueueIds: [], timeZone: "UTC" };

const ticket = (id: number, overrides: Partial<Ticket> = {}): Ticket =>
  aTicket({ id, updatedAt: `2026-03-10T10:${String(id).padStart(2, "0")}:00.000Z`, ...overrides });

const tab = (status: TicketStatus | null, overrides: Partial<TicketListFilter> = {}): TicketListFilter => ({
  status,
  date: null,
  search: "",
  showAll: false,
  queueIds: null,
  ...overrides,
});

/** Pages as the server sends them: newest activity first. */
function pages(...chunks: [Ticket[], boolean][]): TicketListData {
  return {
    pages: chunks.map(([tickets, hasMore]) => ({ tickets, hasMore, count: 0 })),
    pageParams: chunks.map((_, index) => index + 1),
  };
}

const ids = (data: TicketListData | undefined) => data?.pages.map((page) => page.tickets.map((item) => item.id));

describe("who a ticket is for", () => {
  it("is the owner's, the participants' and, while waiting, the queue members'", () => {
    expect(isOwnWork(ticket(1, { status: "open", userId: 7 }), me)).toBe(true);
    expect(isOwnWork(ticket(1, { status: "open", userId: 9, userTicket: [{ userId: 7, ticketId: 1, user: { id: 7, name: "Me" } }] }), me)).toBe(true);
    expect(isOwnWork(ticket(1), me)).toBe(true);
    expect(isOwnWork(ticket(1, { queueId: 2 }), me)).toBe(false);
    expect(isOwnWork(ticket(1, { queueId: null, queue: null }), me)).toBe(true);
    expect(isOwnWork(ticket(1, { status: "open", userId: 9 }), me)).toBe(false);
  });

  it("shows an admin other attendants' tickets only with show-all", () => {
    const others = ticket(1, { status: "open", userId: 9 });
    expect(belongsToList(others, tab("open"), admin)).toBe(false);
    expect(belongsToList(others, tab("open", { showAll: true }), admin)).toBe(true);
    // show-all means nothing for an attendant (the server ignores it too).
    expect(belongsToList(others, tab("open", { showAll: true }), me)).toBe(false);
  });

  it("puts a customer waiting in a queue nobody belongs to in an admin's pending tab, live, without show-all (0069)", () => {
    const waiting = ticket(1, { queueId: 5 });
    const nobodys = { ...admin, unstaffedQueueIds: [5] };
    expect(belongsToList(waiting, tab("pending"), admin)).toBe(false);
    expect(belongsToList(waiting, tab("pending"), nobodys)).toBe(true);
    expect(applyTicket(pages([[], false]), waiting, tab("pending"), nobodys)?.pages[0]?.tickets.map((item) => item.id)).toEqual([1]);
    // Never an attendant's, and once taken it is its owner's.
    expect(belongsToList(waiting, tab("pending"), { ...me, unstaffedQueueIds: [5] })).toBe(false);
    expect(belongsToList(ticket(1, { queueId: 5, status: "open", userId: 9 }), tab("open"), nobodys)).toBe(false);
  });

  it("keeps a tab to its status and the chosen queues; tickets with no queue or taken part in stay", () => {
    expect(belongsToList(ticket(1), tab("open"), me)).toBe(false);
    expect(belongsToList(ticket(1), tab(null), me)).toBe(true);
    const narrowed = tab("pending", { queueIds: [3] });
    expect(belongsToList(ticket(1), narrowed, { ...me, queueIds: [1, 3] })).toBe(false);
    expect(belongsToList(ticket(1, { queueId: 3 }), narrowed, { ...me, queueIds: [1, 3] })).toBe(true);
    expect(belongsToList(ticket(1, { queueId: null, queue: null }), narrowed, me)).toBe(true);
    const participated = { userTicket: [{ userId: 7, ticketId: 1, user: { id: 7, name: "Me" } }] };
    expect(belongsToList(ticket(1, { queueId: 2, status: "open", userId: 9, ...participated }), tab("open", { queueIds: [1] }), me)).toBe(true);
  });

  it("keeps a dated list to tickets updated that day on the install's clock", () => {
    const late = ticket(1, { updatedAt: "2026-03-11T01:30:00.000Z" });
    expect(belongsToList(late, tab("pending", { date: "2026-03-11" }), me)).toBe(true);
    expect(belongsToList(late, tab("pending", { date: "2026-03-10" }), me)).toBe(false);
    // 01:30 UTC is still the evening before in São Paulo (UTC−3).
    const saoPaulo = { ...me, timeZone: "America/Sao_Paulo" };
    expect(belongsToList(late, tab("pending", { date: "2026-03-10" }), saoPaulo)).toBe(true);
    expect(belongsToList(late, tab("pending", { date: "2026-03-11" }), saoPaulo)).toBe(false);
  });

  it("keeps a list filtered by tags to tickets carrying any of them, as the server's tagIds (0072)", () => {
    const vip = { id: 4, name: "VIP", color: "#F44336" };
    const late = { id: 5, name: "Late", color: "#2196F3" };
    const tagged = ticket(1, { tags: [late] });
    expect(belongsToList(tagged, tab("pending", { tagIds: [vip.id, late.id] }), me)).toBe(true);
    expect(belongsToList(tagged, tab("pending", { tagIds: [vip.id] }), me)).toBe(false);
    expect(belongsToList(ticket(2), tab("pending", { tagIds: [vip.id] }), me)).toBe(false);
    expect(belongsToList(ticket(2), tab("pending", { tagIds: null }), me)).toBe(true);
  });
});

describe("live list updates", () => {
  it("moves an accepted ticket from pending to open", () => {
    const waiting = ticket(5);
    let pending: TicketListData | undefined = pages([[waiting, ticket(3)], false]);
    let open: TicketListData | undefined = pages([[ticket(4, { status: "open", userId: 7 })], false]);
    const accepted = ticket(5, { status: "open", userId: 7, updatedAt: "2026-03-10T11:00:00.000Z" });
    pending = applyTicket(pending, accepted, tab("pending"), me);
    open = applyTicket(open, accepted, tab("open"), me);
    expect(ids(pending)).toEqual([[3]]);
    expect(ids(open)).toEqual([[5, 4]]);
  });

  it("takes a ticket another member accepted out of my pending tab and keeps it out of my open tab", () => {
    const takenByOther = ticket(5, { status: "open", userId: 9 });
    expect(ids(applyTicket(pages([[ticket(5)], false]), takenByOther, tab("pending"), me))).toEqual([[]]);
    expect(ids(applyTicket(pages([[], false]), takenByOther, tab("open"), me))).toEqual([[]]);
  });

  it("moves a resolved ticket from open to closed, and a returned one back to pending", () => {
    const closed = ticket(4, { status: "closed", userId: 7 });
    expect(ids(applyTicket(pages([[ticket(4, { status: "open", userId: 7 })], false]), closed, tab("open"), me))).toEqual([[]]);
    expect(ids(applyTicket(pages([[ticket(2, { status: "closed", userId: 7 })], false]), closed, tab("closed"), me))).toEqual([[4, 2]]);
    const returned = ticket(4);
    expect(ids(applyTicket(pages([[ticket(3)], false]), returned, tab("pending"), me))).toEqual([[4, 3]]);
  });

  it("moves a ticket with a new message to the top and shows its last message and unread count", () => {
    const before = pages([[ticket(9), ticket(8), ticket(2)], false]);
    const bumped = ticket(2, { lastMessage: "new text", unreadMessages: 3, updatedAt: "2026-03-10T12:00:00.000Z" });
    const after = applyTicket(before, bumped, tab("pending"), me);
    expect(ids(after)).toEqual([[2, 9, 8]]);
    expect(after?.pages[0]?.tickets[0]).toMatchObject({ lastMessage: "new text", unreadMessages: 3 });
  });

  it("does not add live rows to a searched list, but updates the rows it has", () => {
    const searched = tab(null, { search: "invoice" });
    const before = pages([[ticket(3)], false]);
    expect(ids(applyTicket(before, ticket(6), searched, me))).toEqual([[3]]);
    const changed = applyTicket(before, ticket(3, { lastMessage: "invoice paid" }), searched, me);
    expect(changed?.pages[0]?.tickets[0]?.lastMessage).toBe("invoice paid");
  });

  it("leaves a ticket that sorts after the loaded rows to the page that will bring it", () => {
    const before = pages([[ticket(9), ticket(8)], true]);
    const old = ticket(1, { updatedAt: "2026-03-09T10:00:00.000Z" });
    expect(ids(applyTicket(before, old, tab("pending"), me))).toEqual([[9, 8]]);
  });

  it("removes a deleted ticket and clears the badge of a read one", () => {
    const before = pages([[ticket(3, { unreadMessages: 2 }), ticket(2)], true], [[ticket(1)], false]);
    expect(ids(removeTicket(before, 1))).toEqual([[3, 2], []]);
    expect(markTicketRead(before, 3)?.pages[0]?.tickets[0]?.unreadMessages).toBe(0);
    expect(markTicketRead(before, 2)).toBe(before);
  });

  it("orders by activity, then newest ticket", () => {
    const same = "2026-03-10T10:00:00.000Z";
    const sorted = [ticket(1, { updatedAt: same }), ticket(2, { updatedAt: same }), ticket(3)].sort(byRecentActivity);
    expect(sorted.map((item) => item.id)).toEqual([3, 2, 1]);
  });
});
