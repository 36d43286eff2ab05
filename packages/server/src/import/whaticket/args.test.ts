import { describe, expect, it } from "vitest";
import { parseImportArgs } from "./args.js";
import { openSource } from "./source/open-source.js";
import { assertWhaticketTables, type WhaticketSource } from "./source/source.js";

describe("import:whaticket arguments", () => {
  it("reads the source, the media folder, the dry run and the batch size", () => {
    expect(parseImportArgs(["--from", "mysql://root@db/whaticket", "--media", "/srv/public", "--dry-run", "--batch-size", "500"])).toEqual({
      name: "import",
      from: "mysql://root@db/whaticket",
      media: "/srv/public",
      dryRun: true,
      batchSize: 500,
    });
    expect(parseImportArgs(["--from", "postgres://db/w"])).toMatchObject({ dryRun: false, batchSize: 10_000, media: undefined });
  });

  it("answers help, and refuses a missing source, an unknown option or a bad batch size", () => {
    expect(parseImportArgs(["--help"])).toEqual({ name: "help" });
    expect(parseImportArgs([])).toMatchObject({ name: "usage-error", message: expect.stringContaining("--from") });
    expect(parseImportArgs(["--from", "x", "--bogus"])).toMatchObject({ name: "usage-error" });
    expect(parseImportArgs(["--from", "x", "--batch-size", "0"])).toMatchObject({ name: "usage-error" });
  });
});

describe("import:whaticket sources", () => {
  it("refuses a --from that is not a database URL, or a database without Whaticket's tables", async () => {
    await expect(openSource("whaticket-db")).rejects.toThrow("--from must be a database URL");
    await expect(openSource("redis://127.0.0.1:6379")).rejects.toThrow("postgres:// or mysql://");
    const tablesOf: Record<string, string[]> = { Users: ["id", "email"], Contacts: ["id"] };
    const source = { columns: async (table: string) => new Set(tablesOf[table] ?? []) } as unknown as WhaticketSource;
    await expect(assertWhaticketTables(source)).rejects.toThrow("This is not a Whaticket database: no Tickets, Messages tables.");
    tablesOf.Tickets = ["id"];
    tablesOf.Messages = ["id"];
    await expect(assertWhaticketTables(source)).resolves.toBeUndefined();
  });
});
