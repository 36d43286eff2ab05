import { describe, expect, it } from "vitest";
import { can } from "./permissions.js";
import { ticketStatuses } from "./tickets.js";
import { profiles } from "./users.js";
import {
  followsTicketLive,
  isOwnWork,
  seesTicket,
  ticketAbilities,
  ticketFactsOf,
  ticketPermissions,
  ticketViewerOf,
  type TicketFacts,
  type TicketViewer,
} from "./ticket-policy.js";

const attendant: TicketViewer = { id: 2, profile: "user", queueIds: [7], canSeeAllTicketHistory: false, unstaffedQueueIds: [] };
const historian: TicketViewer = { ...attendant, canSeeAllTicketHistory: true };
const admin: TicketViewer = { id: 1, profile: "admin", queueIds: [], canSeeAllTicketHistory: false, unstaffedQueueIds: [] };
const supervisor: TicketViewer = { id: 3, profile: "supervisor", queueIds: [], canSeeAllTicketHistory: false, unstaffedQueueIds: [] };

function ticket(status: TicketFacts["status"], userId: number | null, participants: number[] = [], queueId: number | null = 7): TicketFacts {
  return { status, userId, queueId, participantIds: participants, inMenu: false };
}

/** Every situation the rule distinguishes, for viewer 2 (queue 7): owners, queues, participation. */
function everyCase(): { facts: TicketFacts; viewer: TicketViewer }[] {
  const cases = [];
  for (const status of ticketStatuses)
    for (const userId of [null, 2, 5])
      for (const queueId of [null, 7, 8])
        for (const participantIds of [[], [2], [5]])
          for (const profile of profiles)
            for (const canSeeAllTicketHistory of [false, true]) {
              cases.push({ facts: { status, userId, queueId, participantIds, inMenu: false }, viewer: { id: 2, profile, queueIds: [7], canSeeAllTicketHistory, unstaffedQueueIds: [8] } });
            }
  return cases;
}

describe("who sees a ticket", () => {
  it("shows an attendant their own, their participations, and what waits in their queues or in none", () => {
    expect(isOwnWork(ticket("open", 2), attendant)).toBe(true);
    expect(isOwnWork(ticket("closed", 5, [2]), attendant)).toBe(true);
    expect(isOwnWork(ticket("pending", null), attendant)).toBe(true);
    expect(isOwnWork(ticket("pending", null, [], null), attendant)).toBe(true);
    expect(isOwnWork(ticket("pending", null, [], 8), attendant)).toBe(false);
    expect(isOwnWork(ticket("open", 5), attendant)).toBe(false);
    expect(isOwnWork(ticket("open", 5), admin)).toBe(false);
  });

  it("makes a customer waiting in a queue nobody belongs to every admin's work, and nobody else's (0069)", () => {
    const nobodysQueue = 8;
    expect(isOwnWork(ticket("pending", null, [], nobodysQueue), { ...admin, unstaffedQueueIds: [nobodysQueue] })).toBe(true);
    expect(isOwnWork(ticket("pending", null, [], nobodysQueue), admin)).toBe(false);
    expect(isOwnWork(ticket("pending", null, [], nobodysQueue), { ...attendant, unstaffedQueueIds: [nobodysQueue] })).toBe(false);
    // Once taken (or closed) it is its owner's, like any other.
    expect(isOwnWork(ticket("open", 5, [], nobodysQueue), { ...admin, unstaffedQueueIds: [nobodysQueue] })).toBe(false);
    expect(isOwnWork({ ...ticket("pending", null, [], nobodysQueue), inMenu: true }, { ...admin, unstaffedQueueIds: [nobodysQueue] })).toBe(false);
  });

  it("lets admins follow every ticket live, and nobody else beyond their work", () => {
    expect(followsTicketLive(ticket("open", 5), admin)).toBe(true);
    expect(followsTicketLive(ticket("closed", 5), historian)).toBe(false);
    expect(followsTicketLive(ticket("open", 5, [2]), attendant)).toBe(true);
  });

  it("opens others' closed tickets to users with canSeeAllTicketHistory, never their active ones", () => {
    expect(seesTicket(ticket("closed", 5), historian)).toBe(true);
    expect(seesTicket(ticket("closed", 5), attendant)).toBe(false);
    expect(seesTicket(ticket("open", 5), historian)).toBe(false);
    expect(seesTicket(ticket("pending", null, [], 8), historian)).toBe(false);
  });

  it("nests the three: own work ⊆ followed live ⊆ seen", () => {
    for (const { facts, viewer } of everyCase()) {
      if (isOwnWork(facts, viewer)) expect(followsTicketLive(facts, viewer)).toBe(true);
      if (followsTicketLive(facts, viewer)) expect(seesTicket(facts, viewer)).toBe(true);
    }
  });
});

describe("ticketAbilities (what the screen offers)", () => {
  it("lets anyone who sees a pending ticket accept it, and only an admin transfer or delete it", () => {
    expect(ticketAbilities(ticket("pending", null), attendant)).toMatchObject({ accept: true, transfer: false, delete: false, write: false });
    expect(ticketAbilities(ticket("pending", null, [], 8), attendant).accept).toBe(false);
    expect(ticketAbilities(ticket("pending", null), admin)).toMatchObject({ accept: true, transfer: true, delete: true });
  });

  it("gives the owner of an open ticket return, resolve, transfer, participants and writing", () => {
    expect(ticketAbilities(ticket("open", 2), attendant)).toEqual({
      accept: false,
      returnToPending: true,
      resolve: true,
      reopen: false,
      transfer: true,
      transferConnection: false,
      addParticipants: true,
      removeParticipants: true,
      leave: false,
      delete: false,
      write: true,
    });
  });

  it("lets a participant write and leave, but not manage the ticket", () => {
    const abilities = ticketAbilities(ticket("open", 5, [2]), attendant);
    expect(abilities).toMatchObject({ write: true, leave: true, resolve: false, transfer: false, addParticipants: false, removeParticipants: false });
  });

  it("gives another attendant nothing on someone else's open ticket, and an admin everything", () => {
    expect(ticketAbilities(ticket("open", 5), attendant)).toMatchObject({ write: false, resolve: false, leave: false });
    expect(ticketAbilities(ticket("open", 5), admin)).toMatchObject({ write: true, resolve: true, transferConnection: true, delete: true });
  });

  it("lets only the owner or an admin reopen a closed ticket, and nobody write in it", () => {
    expect(ticketAbilities(ticket("closed", 2), attendant)).toMatchObject({ reopen: true, write: false, transfer: false });
    expect(ticketAbilities(ticket("closed", 5), attendant).reopen).toBe(false);
    expect(ticketAbilities(ticket("closed", 5), admin)).toMatchObject({ reopen: true, write: false, transferConnection: false });
  });
});

describe("ticketPermissions (what the server accepts)", () => {
  it("accepts repeats that change nothing and an admin's work on a waiting ticket", () => {
    expect(ticketPermissions(ticket("closed", 2), attendant)).toMatchObject({ resolve: true, returnToPending: false, transfer: false });
    expect(ticketPermissions(ticket("pending", null), admin)).toMatchObject({ returnToPending: true, resolve: true, addParticipants: true, write: true });
    expect(ticketPermissions(ticket("pending", null, [2]), attendant)).toMatchObject({ write: true, resolve: false });
    expect(ticketPermissions(ticket("closed", 2, [5]), attendant)).toMatchObject({ removeParticipants: true, addParticipants: false, write: false });
    expect(ticketPermissions(ticket("closed", 5), admin).transferConnection).toBe(true);
  });

  it("refuses managing to anyone but the owner or an admin", () => {
    const other = ticketPermissions(ticket("open", 5, [2]), attendant);
    expect(other).toMatchObject({ returnToPending: false, resolve: false, transfer: false, addParticipants: false, removeParticipants: false, write: true });
  });

  it("offers on screen only what the server accepts", () => {
    for (const { facts, viewer } of everyCase()) {
      const may = ticketPermissions(facts, viewer);
      for (const [name, offered] of Object.entries(ticketAbilities(facts, viewer))) {
        if (offered) expect(may[name as keyof typeof may], `${name} ${JSON.stringify({ facts, viewer })}`).toBe(true);
      }
    }
  });

  it("only widens with participation and queue membership (the server looks them up only when they matter)", () => {
    for (const { facts, viewer } of everyCase()) {
      const wider = { facts: { ...facts, participantIds: [...facts.participantIds, viewer.id] }, viewer: { ...viewer, queueIds: [7, 8] } };
      const before = { ...ticketPermissions(facts, viewer), sees: seesTicket(facts, viewer) };
      const after = { ...ticketPermissions(wider.facts, wider.viewer), sees: seesTicket(wider.facts, wider.viewer) };
      for (const [name, allowed] of Object.entries(before)) if (allowed) expect(after[name as keyof typeof after], name).toBe(true);
    }
  });
});

describe("the supervisor (decision 0099)", () => {
  it("follows and sees every ticket like an admin, but adopts no unstaffed queue", () => {
    for (const status of ticketStatuses) {
      expect(followsTicketLive(ticket(status, 5, [], 8), supervisor), status).toBe(true);
      expect(seesTicket(ticket(status, 5, [], 8), supervisor), status).toBe(true);
    }
    expect(followsTicketLive({ ...ticket("pending", null), inMenu: true }, supervisor)).toBe(true);
    expect(isOwnWork(ticket("pending", null, [], 8), { ...supervisor, unstaffedQueueIds: [8] })).toBe(false);
  });

  it("transfers, resolves, returns and reopens anyone's ticket, moves it to another connection, and deletes none", () => {
    expect(ticketAbilities(ticket("open", 5, [], 8), supervisor)).toMatchObject({
      returnToPending: true,
      resolve: true,
      transfer: true,
      transferConnection: true,
      addParticipants: true,
      removeParticipants: true,
      delete: false,
    });
    expect(ticketAbilities(ticket("pending", null, [], 8), supervisor)).toMatchObject({ accept: true, transfer: true, delete: false });
    expect(ticketAbilities(ticket("closed", 5, [], 8), supervisor)).toMatchObject({ reopen: true, write: false });
  });

  it("writes only where an attendant would: as owner or participant, not in someone else's conversation", () => {
    expect(ticketPermissions(ticket("open", 5), supervisor).write).toBe(false);
    expect(ticketPermissions(ticket("pending", null), supervisor)).toMatchObject({ write: false, addParticipants: false });
    expect(ticketAbilities(ticket("open", 5, [3]), supervisor).write).toBe(true);
    expect(ticketAbilities(ticket("open", 3), supervisor).write).toBe(true);
  });

  it("gives every profile exactly its row of the table: supervision yes, administration no", () => {
    const supervision = ["tickets-manager:showall", "chats-manager:showall", "tickets:seeAll", "tickets:manageAll", "reports:view", "monitor:view"] as const;
    const administration = ["drawer-admin-items:view", "ticket-options:deleteTicket", "contacts-page:importContacts", "contacts-page:exportContacts", "user-modal:editProfile", "tickets:writeAll"] as const;
    for (const permission of supervision) expect([can("admin", permission), can("supervisor", permission), can("user", permission)], permission).toEqual([true, true, false]);
    for (const permission of administration) expect([can("admin", permission), can("supervisor", permission), can("user", permission)], permission).toEqual([true, false, false]);
    expect(can(undefined, "reports:view")).toBe(false);
  });
});

describe("facts and viewers from API records", () => {
  it("reads a ticket in a bot's stage as in the automated stage, like a menu", () => {
    const facts = ticketFactsOf({ status: "pending", userId: null, queueId: null, userTicket: [], ura: null, bot: { id: 3, name: "Triage" } });
    expect(facts.inMenu).toBe(true);
  });

  it("reads participants and queues by id", () => {
    const user = { id: 2, name: "Ana" };
    expect(ticketFactsOf({ status: "open", userId: 5, queueId: null, userTicket: [{ userId: 2, ticketId: 9, user }], ura: null, bot: null })).toEqual(ticket("open", 5, [2], null));
    expect(ticketViewerOf({ id: 2, profile: "user", queues: [{ id: 7, name: "Support", color: "#000000" }], canSeeAllTicketHistory: true })).toEqual(historian);
  });
});
