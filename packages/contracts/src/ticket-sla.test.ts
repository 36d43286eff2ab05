import { describe, expect, it } from "vitest";
import { slaStandingOf } from "./ticket-sla-standing.js";
import type { TicketSla } from "./ticket-sla.js";

const none: TicketSla = { firstResponseDueAt: null, resolutionDueAt: null, firstResponseBreached: false, resolutionBreached: false, firstResponseMinutes: null, resolutionMinutes: null, firstResponseAt: null };
const at = (iso: string) => new Date(iso);

describe("slaStandingOf: a row's chip, by the one rule (sla.ts)", () => {
  const sla: TicketSla = { ...none, firstResponseDueAt: "2026-11-27T10:10:00Z", firstResponseMinutes: 10, resolutionDueAt: "2026-11-27T18:00:00Z", resolutionMinutes: 480 };
  it("is ok before 80 % of the time, at risk from it, breached from the due time", () => {
    expect(slaStandingOf({ status: "pending", sla }, at("2026-11-27T10:07:59Z"))).toEqual({ target: "firstResponse", dueAt: sla.firstResponseDueAt, state: "ok" });
    expect(slaStandingOf({ status: "pending", sla }, at("2026-11-27T10:08:00Z"))?.state).toBe("atRisk");
    expect(slaStandingOf({ status: "pending", sla }, at("2026-11-27T10:10:00Z"))?.state).toBe("breached");
  });
  it("leaves out a met first response and every target of a closed ticket; none without targets", () => {
    const answered = { ...sla, firstResponseAt: "2026-11-27T10:05:00Z" };
    expect(slaStandingOf({ status: "open", sla: answered }, at("2026-11-27T11:00:00Z"))).toEqual({ target: "resolution", dueAt: sla.resolutionDueAt, state: "ok" });
    expect(slaStandingOf({ status: "closed", sla }, at("2026-11-27T20:00:00Z"))).toBeNull();
    expect(slaStandingOf({ status: "open", sla: none }, at("2026-11-27T20:00:00Z"))).toBeNull();
  });
  it("shows the worst of two running targets", () => {
    const resolutionLate = { ...sla, firstResponseDueAt: "2026-11-27T19:00:00Z", firstResponseMinutes: 600 };
    expect(slaStandingOf({ status: "open", sla: resolutionLate }, at("2026-11-27T18:30:00Z"))).toMatchObject({ target: "resolution", state: "breached" });
  });
});
