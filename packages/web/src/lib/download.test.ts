import { describe, expect, it } from "vitest";
import { fileNameOf } from "./download";

describe("fileNameOf", () => {
  it("reads a quoted or bare file name", () => {
    expect(fileNameOf('attachment; filename="report-2026-11-24.csv"')).toBe("report-2026-11-24.csv");
    expect(fileNameOf("attachment; filename=report.csv")).toBe("report.csv");
    expect(fileNameOf('attachment; filename="say \\"hi\\".csv"')).toBe('say "hi".csv');
  });

  it("prefers the UTF-8 name when both are given", () => {
    expect(fileNameOf("attachment; filename=\"relatorio.csv\"; filename*=UTF-8''relat%C3%B3rio.csv")).toBe("relatório.csv");
  });

  it("gives null without a name", () => {
    expect(fileNameOf(null)).toBeNull();
    expect(fileNameOf("attachment")).toBeNull();
  });
});
