import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { errorCodes } from "../packages/contracts/src/errors.js";
import { reservedErrorCodes } from "../packages/contracts/src/reserved-error-codes.js";

const root = fileURLToPath(new URL("../", import.meta.url));
// Where a code is raised: the server, and the contracts' refinements that name their code.
const sources = [join(root, "packages/server/src"), join(root, "packages/contracts/src")];
const catalogueFiles = new Set(["errors.ts", "reserved-error-codes.ts"]);

function* sourceFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(path);
    else if (entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts") && !catalogueFiles.has(entry.name)) yield path;
  }
}

/** Every `"ERR_…"` (or other catalogued code) written as a string in the sources. */
function namedCodes(): Set<string> {
  const named = new Set<string>();
  for (const dir of sources) {
    for (const file of sourceFiles(dir)) {
      for (const match of readFileSync(file, "utf8").matchAll(/["'`]([A-Z][A-Z0-9_]+)["'`]/g)) named.add(match[1]!);
    }
  }
  return named;
}

describe("the error catalogue (packages/contracts/src/errors.ts)", () => {
  const named = namedCodes();

  it("has no code that nothing raises, unless it is reserved with its reason", () => {
    const silent = errorCodes.filter((code) => !named.has(code) && !(code in reservedErrorCodes));
    expect(silent, "raise each where its situation occurs, or add it to reserved-error-codes.ts with the reason").toEqual([]);
  });

  it("reserves only codes that exist and that nothing raises", () => {
    for (const [code, reason] of Object.entries(reservedErrorCodes)) {
      expect(errorCodes, code).toContain(code);
      expect(named.has(code), `${code} is raised now: take it off the reserved list`).toBe(false);
      expect(reason.length, code).toBeGreaterThan(40);
    }
  });
});
