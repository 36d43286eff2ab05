import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, dirname, join, relative, resolve } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/**
 * What `npm start` (and the other production commands) load holds no test code: no test file,
 * nothing from a test folder, no fixture or fake, no test runner. And the other way round: a
 * server file that production does not load is a test file or lives in `src/test/`. The walk reads
 * the static import graph from the entry points: `import`, `export … from`, `import("literal")`,
 * type-only imports included (stricter than the runtime, and simpler to reason about).
 */

const repo = resolve(import.meta.dirname, "../../..");
const contractsEntry = join(repo, "packages/contracts/src/index.ts");

/** The production commands of the root package.json; `start` runs scripts/start.mjs. */
const productionScripts = ["start", "admin", "import:whaticket", "backup", "restore"];

/** The server files those commands run, read from the commands (and the scripts they run). */
function entryPoints(): string[] {
  const scripts = (JSON.parse(readFileSync(join(repo, "package.json"), "utf8")) as { scripts: Record<string, string> }).scripts;
  const texts = productionScripts.flatMap((name) => {
    const command = scripts[name] ?? "";
    const script = /\bnode (\S+\.mjs)/.exec(command)?.[1];
    return script ? [command, readFileSync(join(repo, script), "utf8")] : [command];
  });
  const paths = texts.flatMap((text) => [...text.matchAll(/packages\/server\/src\/[\w/.-]+\.ts/g)].map((m) => join(repo, m[0])));
  return [...new Set(paths)];
}

const serverTestFolder = join(repo, "packages/server/src/test", "/");

/** Where the server's test code belongs: a test file, or the server's test folder. */
function testPlace(file: string): string | undefined {
  if (/\.(test|spec|e2e)\.tsx?$/.test(file)) return "a test file";
  if (file.startsWith(serverTestFolder)) return "in the server's test folder";
  return undefined;
}

/** Why a file is test code, or undefined when it is not. */
function testCodeReason(file: string): string | undefined {
  const place = testPlace(file);
  if (place) return place;
  const path = relative(repo, file).split("\\").join("/");
  if (/(^|\/)(test|tests|__tests__|fixtures|fakes)\//.test(path)) return "in a test folder";
  if (/fixture|fake/i.test(basename(path))) return "a fixture or fake";
  return undefined;
}

/** A test runner is a test dependency, whoever imports it. */
const testPackage = /^(vitest|@vitest\/|@playwright\/)/;

/** A relative `.js` specifier names the `.ts` file beside it; `@atendo/contracts` is a workspace. */
function resolveImport(from: string, specifier: string): string | undefined {
  if (specifier === "@atendo/contracts") return contractsEntry;
  if (!specifier.startsWith(".")) return undefined;
  const target = resolve(dirname(from), specifier);
  const candidates = [target.replace(/\.js$/, ".ts"), target.replace(/\.js$/, ".tsx"), target, `${target}.ts`, join(target, "index.ts")];
  const found = candidates.find((c) => existsSync(c) && statSync(c).isFile());
  if (!found) throw new Error(`${relative(repo, from)}: cannot resolve "${specifier}"`);
  return found;
}

interface Walk {
  reached: Set<string>;
  /** One line per test file reached: the import chain from an entry point, and why it is test code. */
  offences: string[];
}

/** Breadth-first from the entries, so each chain printed is a shortest one. */
function walkImports(entries: string[]): Walk {
  const parent = new Map<string, string | undefined>(entries.map((e) => [e, undefined]));
  const chain = (file: string) => {
    const files: string[] = [];
    for (let at: string | undefined = file; at; at = parent.get(at)) files.unshift(relative(repo, at));
    return files.join(" → ");
  };
  const offences = new Set<string>();
  const queue = [...entries];
  for (let file = queue.shift(); file; file = queue.shift()) {
    const reason = testCodeReason(file);
    // The first test file on a chain is the one to move or cut off; what it imports adds nothing.
    if (reason) offences.add(`${chain(file)}  (${reason})`);
    if (reason || !/\.(ts|tsx|mts)$/.test(file)) continue;
    const { importedFiles } = ts.preProcessFile(readFileSync(file, "utf8"), true, true);
    for (const { fileName: specifier } of importedFiles) {
      if (testPackage.test(specifier)) offences.add(`${chain(file)} → "${specifier}"  (a test package)`);
      const target = resolveImport(file, specifier);
      if (target && !parent.has(target)) {
        parent.set(target, file);
        queue.push(target);
      }
    }
  }
  return { reached: new Set(parent.keys()), offences: [...offences] };
}

describe("the production import graph", () => {
  const entries = entryPoints();
  const walk = walkImports(entries);
  const server = (path: string) => join(repo, "packages/server/src", path);

  it("starts from every server entry point the production commands run", () => {
    expect(entries.map((e) => relative(repo, e)).sort()).toEqual(
      ["packages/server/src/admin.ts", "packages/server/src/backup.ts", "packages/server/src/import/whaticket/cli.ts", "packages/server/src/main.ts"].sort(),
    );
    // The walk really crosses the server: wiring, dynamic imports, the contracts workspace.
    expect(walk.reached).toContain(server("app.ts"));
    expect(walk.reached).toContain(server("import/whaticket/source/pg-source.ts"));
    expect(walk.reached).toContain(contractsEntry);
  });

  it("reaches no test file, test folder, fixture, fake or test package", () => {
    expect(walk.offences, `test code loaded in production:\n${walk.offences.join("\n")}`).toEqual([]);
  });

  it("leaves nothing outside the test folders that production does not load", () => {
    // Test-only code in a production folder (a fixture beside the module it serves) is not reached
    // by the walk above; here it shows up as a file nothing in production imports.
    const sources = readdirSync(server(""), { recursive: true, encoding: "utf8" })
      .map((path) => server(path))
      .filter((file) => /\.tsx?$/.test(file) && !testPlace(file));
    const unloaded = sources.filter((file) => !walk.reached.has(file)).map((file) => relative(repo, file));
    expect(unloaded, "move test-only code under packages/server/src/test/, delete dead code, or import it from production").toEqual([]);
  });

  it("prints the import chain to the test code it finds", () => {
    const dir = mkdtempSync(join(tmpdir(), "production-graph-"));
    try {
      mkdirSync(join(dir, "fixtures"));
      writeFileSync(join(dir, "main.ts"), 'import { a } from "./a.js";\nexport const main = a;\n');
      writeFileSync(join(dir, "a.ts"), 'import type { F } from "./fixtures/f.js";\nexport const a = await import("./b.js");\nexport type { F };\n');
      writeFileSync(join(dir, "b.ts"), 'export { it } from "vitest";\n');
      writeFileSync(join(dir, "fixtures", "f.ts"), "export type F = 1;\n");
      const lines = walkImports([join(dir, "main.ts")]).offences.map((line) => line.replaceAll(`${relative(repo, dir)}/`, ""));
      expect(lines.sort()).toEqual(['main.ts → a.ts → b.ts → "vitest"  (a test package)', "main.ts → a.ts → fixtures/f.ts  (in a test folder)"]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
