import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { advisoryLocks } from "./locks.js";

const src = fileURLToPath(new URL("..", import.meta.url));

/** The server's source files (tests apart): what runs in production. */
function sourceFiles(dir = src): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "node_modules" ? [] : sourceFiles(path);
    return entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts") ? [path] : [];
  });
}

describe("the advisory-lock table", () => {
  it("gives every lock an id of its own", () => {
    const byId = new Map<number, string[]>();
    for (const [name, id] of Object.entries(advisoryLocks)) byId.set(id, [...(byId.get(id) ?? []), name]);
    const shared = [...byId].filter(([, names]) => names.length > 1).map(([id, names]) => `${id}: ${names.join(", ")}`);
    expect(shared).toEqual([]);
  });

  it("holds ids that fit both forms of the lock functions (a two-key class is an int4)", () => {
    for (const id of Object.values(advisoryLocks)) expect(Number.isInteger(id) && id > 0 && id <= 2 ** 31 - 1).toBe(true);
  });

  it("is where every advisory lock of the server takes its id", () => {
    const files = sourceFiles().filter((file) => !file.endsWith(join("db", "locks.ts")));
    const takers = files.filter((file) => /pg_(try_)?advisory_/.test(readFileSync(file, "utf8")));
    // The table must be found, else the check below proves nothing.
    expect(takers.map((file) => relative(src, file))).toContain(join("modules", "users", "user.policy.ts"));
    const withoutTable = takers.filter((file) => !/from "(\.\.?\/)+(db\/)?locks\.js"/.test(readFileSync(file, "utf8")));
    expect(withoutTable.map((file) => relative(src, file))).toEqual([]);
    const literal = /\b7_?261_?\d{3}\b/;
    expect(files.filter((file) => literal.test(readFileSync(file, "utf8"))).map((file) => relative(src, file))).toEqual([]);
  });
});
