// A server process's statements and CPU between two readings: statement-counter.mjs counts what
// it sends to PostgreSQL; /proc gives its CPU and its descendants' (the embedded PostgreSQL).
// Divided by the messages of the span they give a cost per message that a loaded machine moves
// far less than a latency.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { tmpdir } from "node:os";
import { cpuSeconds } from "./process-cpu.js";

const counter = new URL("./statement-counter.mjs", import.meta.url).pathname;

/** The server's environment for counting: pass it to spawnServer (it keeps NODE_OPTIONS' other flags). */
export function statementCountEnv(): { env: Record<string, string>; file: string } {
  const file = join(tmpdir(), `atendo-statements-${process.pid}-${Date.now()}.json`);
  const options = [process.env.NODE_OPTIONS ?? "", `--import=${counter}`].join(" ").trim();
  return { env: { NODE_OPTIONS: options, BENCH_STATEMENT_COUNT_FILE: file }, file };
}

export interface CostReading {
  statements: number;
  byText: Record<string, number>;
  /** CPU seconds of the server process and of its descendants. */
  cpu: { own: number; descendants: number };
}

export function readCost(file: string, pid: number): CostReading {
  let counted: { total: number; byText: Record<string, number> } = { total: 0, byText: {} };
  try {
    counted = JSON.parse(readFileSync(file, "utf8")) as typeof counted;
  } catch {
    // Not written yet.
  }
  return { statements: counted.total, byText: counted.byText, cpu: cpuSeconds(pid) ?? { own: 0, descendants: 0 } };
}

/** Per message between two readings: statements, server CPU ms, PostgreSQL CPU ms, and the statements that grew most. */
export function costPerMessage(start: CostReading, end: CostReading, messages: number) {
  const per = (value: number) => (messages > 0 ? Math.round((value / messages) * 100) / 100 : null);
  const grown = Object.entries(end.byText)
    .map(([text, count]) => ({ text, perMessage: per(count - (start.byText[text] ?? 0)) ?? 0 }))
    .filter((entry) => entry.perMessage >= 0.05)
    .sort((a, b) => b.perMessage - a.perMessage)
    .slice(0, 25);
  return {
    messages,
    statementsPerMessage: per(end.statements - start.statements),
    serverCpuMsPerMessage: per((end.cpu.own - start.cpu.own) * 1000),
    databaseCpuMsPerMessage: per((end.cpu.descendants - start.cpu.descendants) * 1000),
    statements: grown,
  };
}
