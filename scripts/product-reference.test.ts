import { readdirSync, readFileSync } from "node:fs";
import { extname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

// Comments across the code cite the product reference as "spec §N" (or "§N" alone, "spec (§7)",
// "the spec's §3/§4"). That reference is docs/product/: page N is the file named 0N-….md. Every
// citation must land on a page that exists and says something (issue 27).
const root = fileURLToPath(new URL("../", import.meta.url));
const productDir = join(root, "docs", "product");
const scannedDirs = ["packages", "e2e", "bench", "scripts"];
const skippedDirs = new Set(["node_modules", "dist", "data", "coverage", "test-results"]);
const textExtensions = new Set([".ts", ".tsx", ".js", ".mjs", ".cjs", ".json", ".md", ".sql", ".css", ".html", ".yml", ".yaml"]);

/**
 * The product-reference sections a line cites: each `§N` with N a whole number. A section of
 * another document is left out — a subsection (`§5.1.4`) or one named by its document
 * (`RFC 8292 §2.1`, `docs/api-channel.md §5`).
 */
export function citedSections(line: string): number[] {
  const sections: number[] = [];
  for (const match of line.matchAll(/§(\d+)(?![.\d])/g)) {
    const before = line.slice(0, match.index);
    if (/(?:RFC\s*\d+|\.md)\s*$/i.test(before)) continue;
    sections.push(Number(match[1]));
  }
  return sections;
}

function* textFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name.startsWith(".") || skippedDirs.has(entry.name)) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* textFiles(path);
    else if (entry.isFile() && textExtensions.has(extname(entry.name))) yield path;
  }
}

interface Citation {
  section: number;
  where: string;
}

function citations(): Citation[] {
  const found: Citation[] = [];
  for (const dir of scannedDirs) {
    for (const file of textFiles(join(root, dir))) {
      const lines = readFileSync(file, "utf8").split("\n");
      lines.forEach((line, index) => {
        for (const section of citedSections(line)) found.push({ section, where: `${relative(root, file)}:${index + 1}` });
      });
    }
  }
  return found;
}

/** The numbered pages of docs/product: section number → file names (`01-product.md` is §1). */
function pages(): Map<number, string[]> {
  const bySection = new Map<number, string[]>();
  for (const name of readdirSync(productDir)) {
    const match = /^(\d+)-[a-z0-9-]+\.md$/.exec(name);
    if (!match) continue;
    const section = Number(match[1]);
    bySection.set(section, [...(bySection.get(section) ?? []), name]);
  }
  return bySection;
}

describe("the product reference (docs/product)", () => {
  it("reads citations the way the code writes them", () => {
    expect(citedSections("/** Spec §5: photos up to 16 MB. */")).toEqual([5]);
    expect(citedSections("(spec §2, §5) and the spec's §3/§4")).toEqual([2, 5, 3, 4]);
    expect(citedSections("Paths follow the spec (§7): `/queue`")).toEqual([7]);
    expect(citedSections("as §3 shows an item")).toEqual([3]);
    expect(citedSections("(RFC 6265 §5.1.4) and RFC 8292 §2.1")).toEqual([]);
    expect(citedSections("see docs/api-channel.md §5")).toEqual([]);
  });

  it("has one page, with something on it, for every section the code cites", () => {
    const found = citations();
    expect(found.length).toBeGreaterThan(0);
    const numbered = pages();
    const problems = found.flatMap(({ section, where }) => {
      const names = numbered.get(section) ?? [];
      if (names.length === 0) return [`${where}: cites §${section}, and docs/product has no page ${String(section).padStart(2, "0")}-*.md`];
      if (names.length > 1) return [`${where}: cites §${section}, and docs/product has several pages for it: ${names.join(", ")}`];
      return [];
    });
    expect(problems).toEqual([]);
  });

  it("has an index and numbered pages that are not empty, each linked from the index", () => {
    const index = readFileSync(join(productDir, "README.md"), "utf8");
    const numbered = [...pages().values()].flat();
    expect(numbered.length).toBeGreaterThan(0);
    const empty = numbered.filter((name) => {
      const text = readFileSync(join(productDir, name), "utf8");
      // A heading and at least a paragraph under it.
      return !/^# .+/m.test(text) || text.replace(/^#.*$/gm, "").trim().length < 200;
    });
    expect(empty).toEqual([]);
    expect(numbered.filter((name) => !index.includes(`(${name})`))).toEqual([]);
  });
});
