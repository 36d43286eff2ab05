import { describe, expect, it } from "vitest";
import { mayStillSee, ticketAbilities } from "./ticket-abilities";

const attendant = { id: 2, profile: "user" as const, queues: [{ id: 7, name: "Support", color: "#000000" }], canSeeAllTicketHistory: false };
const admin = { id: 1, profile: "admin" as const, queues: [], canSeeAllTicketHistory: false };
const participantRow = { userId: 2, ticketId: 9, user: { id: 2, name: "Ana" } };

function ticket(status: "pending" | "open" | "closed", userId: number | null, participants = false) {
  return { status, userId, queueId: 7, userTicket: participants ? [participantRow] : [], ura: null, bot: null };
}

describe("ticketAbilities", () => {
  it("lets anyone who sees a pending ticket accept it, and only an admin transfer or delete it", () => {
    expect(ticketAbilities(ticket("pending", null), attendant)).toMatchObject({ accept: true, transfer: false, delete: false, write: false });
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
    const abilities = ticketAbilities(ticket("open", 5, true), attendant);
    expect(abilities).toMatchObject({ write: true, leave: true, resolve: false, transfer: false, addParticipants: false, removeParticipants: false });
  });

  it("gives another attendant nothing on someone else's open ticket, and an admin everything", () => {
    expect(ticketAbilities(ticket("open", 5), attendant)).toMatchObject({ write: false, resolve: false, leave: false });
    expect(ticketAbilities(ticket("open", 5), admin)).toMatchObject({ write: true, resolve: true, transferConnection: true, delete: true });
  });

  it("lets only the owner or an admin reopen a closed ticket, and nobody write in it", () => {
    expect(ticketAbilities(ticket("closed", 2), attendant)).toMatchObject({ reopen: true, write: false, transfer: false });
    expect(ticketAbilities(ticket("closed", 5), attendant).reopen).toBe(false);
    expect(ticketAbilities(ticket("closed", 5), admin)).toMatchObject({ reopen: true, write: false });
  });
});

describe("mayStillSee", () => {
  it("follows the server's visibility rule", () => {
    expect(mayStillSee(ticket("open", 5), attendant)).toBe(false);
    expect(mayStillSee(ticket("open", 5, true), attendant)).toBe(true);
    expect(mayStillSee(ticket("pending", null), attendant)).toBe(true);
    expect(mayStillSee({ ...ticket("pending", null), queueId: 8 }, attendant)).toBe(false);
    expect(mayStillSee({ ...ticket("pending", null), queueId: null }, attendant)).toBe(true);
    expect(mayStillSee(ticket("closed", 5), admin)).toBe(true);
    expect(mayStillSee(ticket("closed", 5), attendant)).toBe(false);
    expect(mayStillSee(ticket("closed", 5), { ...attendant, canSeeAllTicketHistory: true })).toBe(true);
  });
});
