import { describe, expect, it } from "vitest";
import { ticketNumberOf } from "../../features/tickets/api/ticket-lookup.api";
import { folded, matchChoices, movedIndex, type PaletteChoice } from "./palette-matching";

const screen = (label: string): PaletteChoice => ({ key: `screen:${label}`, kind: "screen", label });
const action = (label: string): PaletteChoice => ({ key: `action:${label}`, kind: "action", label });
const ticket = (id: number): PaletteChoice => ({ key: `ticket:${id}`, kind: "ticket", label: `Ticket #${id}` });
const labels = (choices: PaletteChoice[]) => choices.map((choice) => choice.label);

const screens = [screen("Tickets"), screen("Contacts"), screen("Reports"), screen("Relatórios")];
const actions = [action("Accept the ticket"), action("Transfer the ticket…")];

describe("matchChoices", () => {
  it("offers the actions, then the screens, with nothing typed", () => {
    expect(labels(matchChoices("", { tickets: [], screens, actions }))).toEqual(["Accept the ticket", "Transfer the ticket…", "Tickets", "Contacts", "Reports", "Relatórios"]);
  });

  it("keeps the names holding the text, those starting with it first, ignoring case and accents", () => {
    expect(labels(matchChoices("t", { tickets: [], screens, actions }))).toEqual(["Transfer the ticket…", "Tickets", "Accept the ticket", "Contacts", "Reports", "Relatórios"]);
    expect(labels(matchChoices("TICK", { tickets: [], screens, actions }))).toEqual(["Tickets", "Accept the ticket", "Transfer the ticket…"]);
    expect(labels(matchChoices("relato", { tickets: [], screens, actions }))).toEqual(["Relatórios"]);
    expect(labels(matchChoices("nothing like it", { tickets: [], screens, actions }))).toEqual([]);
  });

  it("puts the tickets the server found first, as found (they are its answer for the text)", () => {
    expect(labels(matchChoices("#12", { tickets: [ticket(12)], screens, actions }))).toEqual(["Ticket #12"]);
    expect(labels(matchChoices("Carla", { tickets: [ticket(7), ticket(3)], screens, actions }))).toEqual(["Ticket #7", "Ticket #3"]);
  });
});

describe("ticketNumberOf", () => {
  it("reads #123 and 123 as a ticket number, anything else as no number", () => {
    expect(ticketNumberOf("#123")).toBe(123);
    expect(ticketNumberOf(" 123 ")).toBe(123);
    expect(ticketNumberOf("# 45")).toBe(45);
    expect(ticketNumberOf("12a")).toBeNull();
    expect(ticketNumberOf("Carla")).toBeNull();
    expect(ticketNumberOf("#")).toBeNull();
    expect(ticketNumberOf("")).toBeNull();
  });
});

describe("movedIndex and folded", () => {
  it("wraps round the options", () => {
    expect(movedIndex(0, 1, 3)).toBe(1);
    expect(movedIndex(2, 1, 3)).toBe(0);
    expect(movedIndex(0, -1, 3)).toBe(2);
    expect(movedIndex(0, 1, 0)).toBe(-1);
  });

  it("folds case and accents", () => {
    expect(folded(" Atenção ")).toBe("atencao");
  });
});
