import { describe, expect, it } from "vitest";
import { parseImportArgs } from "./args.js";

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
