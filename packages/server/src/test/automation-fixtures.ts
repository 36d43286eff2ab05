import type { AutomationBody, AutomationRule, AutomationRun, Tag, Ticket } from "@atendo/contracts";
import { created, uniqueColor } from "./fixtures.js";
import type { TestServer } from "./harness.js";

let seq = 0;

export function createTag(server: TestServer, token: string, name = `Label ${++seq}-${process.pid}`): Promise<Tag> {
  return created(server, token, "/api/tags", { name: name.slice(0, 30), color: uniqueColor() });
}

/** A rule as POSTed: on messageReceived, no condition, a note, unless `input` says otherwise. */
export function ruleBody(input: Partial<AutomationBody> = {}): AutomationBody {
  return { name: `Rule ${++seq}`, trigger: "messageReceived", conditions: [], actions: [{ type: "addNote", body: "Seen by a rule" }], ...input };
}

export function createRule(server: TestServer, token: string, input: Partial<AutomationBody> = {}): Promise<AutomationRule> {
  return created(server, token, "/api/automations", ruleBody(input));
}

export async function runsOf(server: TestServer, token: string, ruleId: number): Promise<AutomationRun[]> {
  return (await server.request({ method: "GET", url: `/api/automations/${ruleId}/runs`, token })).json() as AutomationRun[];
}

/** Runs the outbox on this instance until nothing is due (durable listeners, the rules among them). */
export async function drainOutbox(server: TestServer): Promise<void> {
  while ((await server.ctx.eventOutbox.runOnce()) > 0);
}

export async function ticketOf(server: TestServer, token: string, ticketId: number): Promise<Ticket> {
  return ((await server.request({ method: "GET", url: `/api/tickets/${ticketId}`, token })).json() as { ticket: Ticket }).ticket;
}
