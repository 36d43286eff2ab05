// The import graph of our source files and its cycles. Every import counts: `import type`,
// `export … from`, dynamic `import()` and `typeof import()` — a cycle of types still ties the files
// into one unit that cannot be read, moved or tested apart (issue 27). Specifiers are resolved the
// way TypeScript resolves them with each package's own tsconfig: `.js` names `.ts`/`.tsx`, folders
// their `index`, `paths` aliases if a package declares any, workspace packages (`@atendo/contracts`)
// their real files.
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import ts from "typescript";

/** File → the files of ours it imports (absolute paths). */
export type ImportGraph = Map<string, Set<string>>;

const sourceFile = /\.(ts|tsx|mts|cts)$/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "node_modules" ? [] : sourceFiles(path);
    return sourceFile.test(entry.name) ? [path] : [];
  });
}

function compilerOptions(packageDir: string): ts.CompilerOptions {
  const configPath = ts.findConfigFile(packageDir, ts.sys.fileExists, "tsconfig.json");
  if (!configPath) return { moduleResolution: ts.ModuleResolutionKind.Bundler, allowImportingTsExtensions: true };
  const parsed = ts.getParsedCommandLineOfConfigFile(configPath, {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} });
  return parsed?.options ?? {};
}

/** The graph of every source file under `<package>/src` of the given packages. */
export function importGraph(packageDirs: string[]): ImportGraph {
  const graph: ImportGraph = new Map();
  const perPackage = packageDirs.map((dir) => ({ options: compilerOptions(dir), files: sourceFiles(join(dir, "src")) }));
  for (const { files } of perPackage) for (const file of files) graph.set(resolve(file), new Set());
  for (const { options, files } of perPackage) {
    const cache = ts.createModuleResolutionCache(process.cwd(), (name) => name, options);
    for (const file of files) {
      const from = resolve(file);
      const { importedFiles } = ts.preProcessFile(readFileSync(file, "utf8"), true, true);
      for (const { fileName: specifier } of importedFiles) {
        const { resolvedModule } = ts.resolveModuleName(specifier, from, options, ts.sys, cache);
        const target = resolvedModule && resolve(ts.sys.realpath?.(resolvedModule.resolvedFileName) ?? resolvedModule.resolvedFileName);
        if (target && graph.has(target)) graph.get(from)?.add(target);
      }
    }
  }
  return graph;
}

/**
 * The cycles of a graph: each strongly connected component of more than one file, and each file
 * that imports itself, files sorted (Tarjan's algorithm, iterative: the graph has ~1,500 files).
 */
export function importCycles(graph: ImportGraph): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const cycles: string[][] = [];
  let next = 0;
  for (const root of graph.keys()) {
    if (index.has(root)) continue;
    const work: { node: string; edges: Iterator<string> }[] = [];
    const visit = (node: string) => {
      index.set(node, next);
      low.set(node, next++);
      stack.push(node);
      onStack.add(node);
      work.push({ node, edges: (graph.get(node) ?? new Set()).values() });
    };
    visit(root);
    while (work.length > 0) {
      const frame = work[work.length - 1]!;
      const edge = frame.edges.next();
      if (!edge.done) {
        const target = edge.value;
        if (!index.has(target)) visit(target);
        else if (onStack.has(target)) low.set(frame.node, Math.min(low.get(frame.node)!, index.get(target)!));
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.node, Math.min(low.get(parent.node)!, low.get(frame.node)!));
      if (low.get(frame.node) !== index.get(frame.node)) continue;
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== frame.node);
      if (component.length > 1 || graph.get(frame.node)?.has(frame.node)) cycles.push(component.sort());
    }
  }
  return cycles.sort((a, b) => b.length - a.length || a[0]!.localeCompare(b[0]!));
}

/**
 * One readable loop through a cycle's files (shortest way from the first file back to itself),
 * so a failure shows which imports to cut, not only which files are tangled.
 */
export function loopThrough(graph: ImportGraph, cycle: string[]): string[] {
  const members = new Set(cycle);
  const start = cycle[0]!;
  const previous = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift()!;
    for (const target of graph.get(node) ?? []) {
      if (!members.has(target)) continue;
      if (target === start) {
        const loop = [start];
        for (let at: string | undefined = node; at !== undefined && at !== start; at = previous.get(at)) loop.splice(1, 0, at);
        return [...loop, start];
      }
      if (!previous.has(target)) {
        previous.set(target, node);
        queue.push(target);
      }
    }
  }
  return [start];
}

/** A cycle as text: its size, its files, one loop through them, paths relative to `root`. */
export function describeCycle(graph: ImportGraph, cycle: string[], root: string): string {
  const rel = (file: string) => relative(root, file);
  return [
    `${cycle.length} file${cycle.length === 1 ? "" : "s"}: ${cycle.map(rel).join(", ")}`,
    `  loop: ${loopThrough(graph, cycle).map(rel).join(" → ")}`,
  ].join("\n");
}

/** The workspace packages with a src/ folder. */
export function workspacePackages(root: string): string[] {
  const packages = join(root, "packages");
  return readdirSync(packages, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && ts.sys.directoryExists(join(packages, entry.name, "src")))
    .map((entry) => join(packages, entry.name));
}

export const repoRoot = resolve(dirname(new URL(import.meta.url).pathname), "..");
