import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { describeCycle, importCycles, importGraph, repoRoot, workspacePackages } from "./import-graph.js";

// No file of packages/*/src reaches itself through its imports, type imports included: lint's
// import-x/no-cycle skips what it cannot afford to follow; this walks the whole graph (issue 27).
describe("import cycles", () => {
  it("no file under packages/*/src imports itself, directly or through others", () => {
    const graph = importGraph(workspacePackages(repoRoot));
    const cycles = importCycles(graph).map((cycle) => describeCycle(graph, cycle, repoRoot));
    expect(cycles, `${cycles.length} import cycle(s):\n${cycles.join("\n")}`).toEqual([]);
    // About 2 s alone (~1,000 files read and resolved); more on a busy machine.
  }, 60_000);

  describe("the check itself", () => {
    const dir = mkdtempSync(join(tmpdir(), "import-cycles-"));
    afterAll(() => rmSync(dir, { recursive: true, force: true }));
    const files = {
      "pkg/tsconfig.json": JSON.stringify({ compilerOptions: { module: "ESNext", moduleResolution: "Bundler", jsx: "react-jsx" } }),
      // a → b by a type import, b → c/index by a folder import, c → a by a `.js` specifier.
      "pkg/src/a.ts": 'import type { B } from "./b.js";\nexport type A = B;\n',
      "pkg/src/b.ts": 'export { c } from "./c";\nexport type B = number;\n',
      "pkg/src/c/index.tsx": 'import { lazy } from "react";\nexport const c = lazy(() => import("../a.js"));\n',
      "pkg/src/self.ts": 'export type Self = typeof import("./self.js");\n',
      "pkg/src/leaf.ts": 'import "./b.js";\n',
    };
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      writeFileSync(join(dir, path), text);
    }

    it("finds a cycle made of type, re-export and dynamic imports, and a self-import", () => {
      const graph = importGraph([join(dir, "pkg")]);
      const src = join(dir, "pkg/src");
      expect(importCycles(graph)).toEqual([
        [join(src, "a.ts"), join(src, "b.ts"), join(src, "c/index.tsx")],
        [join(src, "self.ts")],
      ]);
      expect(describeCycle(graph, importCycles(graph)[0]!, src)).toBe(
        "3 files: a.ts, b.ts, c/index.tsx\n  loop: a.ts → b.ts → c/index.tsx → a.ts",
      );
    });
  });
});
