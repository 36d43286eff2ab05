import { limits } from "@atendo/contracts";
import { describe, expect, it } from "vitest";
import { importFormSchema } from "./import-form.schema";

const csv = (size = 20, name = "contacts.csv", type = "text/csv") => new File([new Uint8Array(size)], name, { type });

describe("importFormSchema", () => {
  it("takes a template type, a language and a CSV under 1 MB", () => {
    const parsed = importFormSchema.safeParse({ templateType: "google", language: "pt", csv: csv() });
    expect(parsed.success).toBe(true);
  });

  it("requires the template type and the file (confirm stays disabled)", () => {
    expect(importFormSchema.safeParse({ language: "en", csv: csv() }).success).toBe(false);
    expect(importFormSchema.safeParse({ templateType: "atendo", language: "en" }).success).toBe(false);
  });

  it("names the file's problem", () => {
    const tooLarge = importFormSchema.safeParse({ templateType: "atendo", language: "en", csv: csv(limits.csvBytes) });
    expect(tooLarge.error?.issues[0]).toMatchObject({ path: ["csv"], message: "tooLarge" });
    const notCsv = importFormSchema.safeParse({ templateType: "atendo", language: "en", csv: csv(20, "contacts.xlsx", "application/octet-stream") });
    expect(notCsv.error?.issues[0]).toMatchObject({ path: ["csv"], message: "notCsv" });
  });
});
