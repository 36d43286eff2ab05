// bench:ingest's automation case (issue 33, decision 0093): the plain steady state again with 10
// enabled messageReceived rules whose conditions never hold (text contains a word nobody writes),
// in the same process and run, right after the plain one. With a rule of the trigger on, each
// customer message keeps an outbox row in its write and the automation listener reads the rules
// and their conditions for it: what the rules cost every message. The rules are disabled after.
import { json, type AdminSession } from "./support/server-api.js";
import { ratio, type LatencySummary } from "./support/stats.js";

export const RULES = 10;

export interface RulesResult {
  rules: number;
  messages: number;
  msgsPerSecond: number;
  roundTrip: LatencySummary;
  /** With the rules over without them, the same run: msgs/s (≥ 0.85 is the target) and POST p99. */
  vsPlain: { msgsPerSecond: number; p99: number };
}

/** Creates the rules; returns their ids. */
async function createRules(session: AdminSession): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < RULES; i++) {
    const rule = await session.post<{ id: number }>("/api/automations", {
      name: `Bench rule ${i}`,
      trigger: "messageReceived",
      conditions: [{ field: "text", op: "contains", value: `never-written-${i}` }],
      actions: [{ type: "addNote", body: "not reached" }],
    });
    ids.push(rule.id);
  }
  return ids;
}

async function disable(session: AdminSession, id: number): Promise<void> {
  await json(
    await fetch(`${session.base}/api/automations/${id}`, {
      method: "PUT",
      headers: { "content-type": "application/json", authorization: `Bearer ${session.token}` },
      body: JSON.stringify({ name: `Bench rule ${id}`, enabled: false, trigger: "messageReceived", actions: [{ type: "close" }] }),
    }),
  );
}

/** `steady(count)`: the plain steady state's own phase (same contacts, same body); `plain`: its figures. */
export async function measureRules(
  session: AdminSession,
  steady: (count: number) => Promise<{ count: number; seconds: number; roundTrip: LatencySummary }>,
  count: number,
  plain: { msgsPerSecond: number; p99: number },
): Promise<RulesResult> {
  const ids = await createRules(session);
  try {
    const phase = await steady(count);
    const msgsPerSecond = Math.round(phase.count / phase.seconds);
    return {
      rules: RULES,
      messages: phase.count,
      msgsPerSecond,
      roundTrip: phase.roundTrip,
      vsPlain: { msgsPerSecond: ratio(msgsPerSecond, plain.msgsPerSecond), p99: ratio(phase.roundTrip.p99, plain.p99) },
    };
  } finally {
    for (const id of ids) await disable(session, id);
  }
}

export function printRules(result: RulesResult, plain: { msgsPerSecond: number; p99: number }): void {
  console.log(`steady state without and with ${result.rules} active rules that do not match (same run; POST round trip in ms)`);
  console.table({
    "no rules": { msgsPerSecond: plain.msgsPerSecond, "POST p99": plain.p99 },
    [`${result.rules} rules`]: { msgsPerSecond: result.msgsPerSecond, "POST p99": result.roundTrip.p99 },
    "rules / none": { msgsPerSecond: result.vsPlain.msgsPerSecond, "POST p99": result.vsPlain.p99 },
  });
}
