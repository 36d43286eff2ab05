// The requests the ticket benchmark times, and how one case is run: a probe (a missing route or
// an error is reported, not thrown), a warm-up, then sequential timed requests.
import { activeTicketStatuses, ticketStatuses } from "@atendo/contracts";
import { summarise, type LatencySummary } from "./support/stats.js";
import { benchTags } from "./tickets-dataset.js";
import type { Fixtures } from "./tickets-fixtures.js";

export type Actor = "attendant" | "admin";
export type CaseGroup = "list" | "search" | "messages";

/** p95 targets of issue 5, in ms. */
export const targets: Record<CaseGroup, number> = { list: 15, search: 60, messages: 10 };

export interface BenchCase {
  name: string;
  group: CaseGroup;
  actor: Actor;
  path: string;
}

export interface CaseResult {
  name: string;
  group: CaseGroup;
  actor: Actor;
  path: string;
  targetP95: number;
  outcome: "measured" | "route missing" | "failed";
  error?: string;
  /** What the first answer held: rows on the page, and the tab's count or whether more pages exist. */
  answer?: { rows: number; count?: number; hasMore?: boolean };
  latency?: LatencySummary;
  meetsTarget?: boolean;
}

function listPath(query: Record<string, string | number | boolean | undefined>): string {
  const params = new URLSearchParams({ pageNumber: "1" });
  for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, String(value));
  return `/api/tickets?${params.toString()}`;
}

export function benchCases(fixtures: Fixtures): BenchCase[] {
  const { word, surname, orderNumber, phone } = fixtures.searches;
  const cases: BenchCase[] = [];
  const actors: { actor: Actor; label: string; showAll?: boolean }[] = [
    { actor: "attendant", label: "attendant" },
    { actor: "admin", label: "admin showAll", showAll: true },
  ];
  for (const { actor, label, showAll } of actors) {
    for (const status of ticketStatuses) {
      cases.push({ name: `${status} · ${label}`, group: "list", actor, path: listPath({ status, showAll }) });
      cases.push({ name: `${status} · ${label} · "${word}"`, group: "search", actor, path: listPath({ status, showAll, searchParam: word }) });
    }
    // The search view: every status at once.
    for (const text of [word, surname, orderNumber, phone]) {
      cases.push({ name: `search view · ${label} · "${text}"`, group: "search", actor, path: listPath({ showAll, searchParam: text }) });
    }
  }
  // The web's unread feed (drawer badge, document title), never with showAll.
  for (const status of activeTicketStatuses) {
    cases.push({ name: `${status} unread · attendant`, group: "list", actor: "attendant", path: listPath({ status, withUnreadMessages: true }) });
  }
  // Sorted by SLA due time (issue 30): the waiting and open tabs, each actor.
  for (const { actor, label, showAll } of actors) {
    for (const status of activeTicketStatuses) {
      cases.push({ name: `${status} · ${label} · sort slaDue`, group: "list", actor, path: listPath({ status, showAll, sort: "slaDue" }) });
    }
  }
  cases.push({ name: "closed page 5 · admin showAll", group: "list", actor: "admin", path: listPath({ status: "closed", showAll: true, pageNumber: 5 }) });
  // The tag filter (issue 29): a common label (20 % of tickets), a rare one (0.2 %), two at once.
  const { common, uncommon, rare } = benchTags;
  for (const { actor, label, showAll } of actors) {
    for (const status of ticketStatuses) {
      cases.push({ name: `${status} · ${label} · common tag`, group: "list", actor, path: listPath({ status, showAll, tagIds: common.id }) });
      cases.push({ name: `${status} · ${label} · rare tag`, group: "list", actor, path: listPath({ status, showAll, tagIds: rare.id }) });
    }
    cases.push({ name: `closed · ${label} · two tags`, group: "list", actor, path: listPath({ status: "closed", showAll, tagIds: `${uncommon.id},${rare.id}` }) });
  }

  const { longTicket, typicalTicket } = fixtures;
  const lastPage = Math.max(1, Math.ceil(longTicket.messages / 40));
  const olderPage = Math.min(25, lastPage);
  const messages = (id: number, page: number) => `/api/messages/${id}?pageNumber=${page}`;
  const typical = `typical ticket (${typicalTicket.messages} msgs)`;
  const long = `long ticket (${longTicket.messages} msgs)`;
  cases.push(
    { name: `messages p1 · ${typical}`, group: "messages", actor: "attendant", path: messages(typicalTicket.id, 1) },
    { name: `messages p1 · ${long}`, group: "messages", actor: "attendant", path: messages(longTicket.id, 1) },
    { name: `messages p${olderPage} · ${long}`, group: "messages", actor: "attendant", path: messages(longTicket.id, olderPage) },
    { name: `messages p${lastPage} (oldest) · ${long}`, group: "messages", actor: "attendant", path: messages(longTicket.id, lastPage) },
  );
  return cases;
}

export interface RunOptions {
  baseUrl: string;
  tokens: Record<Actor, string>;
  warmup: number;
  requests: number;
  /** A slow case stops after this long (with at least `minRequests` samples), so a run stays bounded. */
  budgetMs: number;
  minRequests: number;
}

interface ErrorBody {
  error?: string;
  message?: string;
}

export async function runCase(benchCase: BenchCase, options: RunOptions): Promise<CaseResult> {
  const base = { name: benchCase.name, group: benchCase.group, actor: benchCase.actor, path: benchCase.path, targetP95: targets[benchCase.group] };
  const url = `${options.baseUrl}${benchCase.path}`;
  const headers = { authorization: `Bearer ${options.tokens[benchCase.actor]}` };

  const probe = await fetch(url, { headers });
  if (!probe.ok) {
    const body = (await probe.json().catch(() => ({}))) as ErrorBody;
    // The server answers an unknown /api path with 404 ERR_NOT_FOUND (an unknown ticket is ERR_NO_TICKET_FOUND).
    if (probe.status === 404 && body.error === "ERR_NOT_FOUND") return { ...base, outcome: "route missing", error: `GET ${benchCase.path.split("?")[0]} is not served yet` };
    return { ...base, outcome: "failed", error: `${probe.status} ${body.error ?? ""} ${body.message ?? ""}`.trim() };
  }
  const answer = describe((await probe.json()) as Record<string, unknown>);

  const request = async () => {
    const response = await fetch(url, { headers });
    if (!response.ok) throw new Error(`${benchCase.name}: ${response.status} ${await response.text()}`);
    await response.arrayBuffer();
  };
  try {
    for (let i = 0; i < options.warmup; i++) await request();
    const samples: number[] = [];
    const started = performance.now();
    while (samples.length < options.requests && (samples.length < options.minRequests || performance.now() - started < options.budgetMs)) {
      const at = performance.now();
      await request();
      samples.push(performance.now() - at);
    }
    const latency = summarise(samples);
    return { ...base, outcome: "measured", answer, latency, meetsTarget: latency.p95 <= base.targetP95 };
  } catch (error) {
    return { ...base, outcome: "failed", answer, error: error instanceof Error ? error.message : String(error) };
  }
}

function describe(body: Record<string, unknown>): CaseResult["answer"] {
  const rows = Array.isArray(body.tickets) ? body.tickets.length : Array.isArray(body.messages) ? body.messages.length : 0;
  return {
    rows,
    ...(typeof body.count === "number" ? { count: body.count } : {}),
    ...(typeof body.hasMore === "boolean" ? { hasMore: body.hasMore } : {}),
  };
}
