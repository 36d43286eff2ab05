import { readFileSync } from "node:fs";
import semver from "semver";
import { describe, expect, it } from "vitest";

// The README promises the Node.js version in package.json `engines`; every locked package must
// run on the oldest version that promise admits, or `npm install` warns EBADENGINE (issue 11).
const root = new URL("../", import.meta.url);
const manifest = JSON.parse(readFileSync(new URL("package.json", root), "utf8")) as { engines: { node: string } };
const lock = JSON.parse(readFileSync(new URL("package-lock.json", root), "utf8")) as {
  packages: Record<string, { engines?: { node?: string } | string[] }>;
};

describe("Node.js engines", () => {
  const oldest = semver.minVersion(manifest.engines.node)?.version ?? "";

  it("the README states the version package.json promises", () => {
    const readme = readFileSync(new URL("README.md", root), "utf8");
    expect(readme).toContain(`Node.js ${oldest.replace(/\.0$/, "")} or newer`);
  });

  it("every locked package runs on the oldest promised Node.js", () => {
    const refusing = Object.entries(lock.packages)
      .map(([path, entry]) => ({ path, range: Array.isArray(entry.engines) ? undefined : entry.engines?.node }))
      .filter(({ range }) => range !== undefined && !semver.satisfies(oldest, range));
    expect(refusing).toEqual([]);
  });
});
