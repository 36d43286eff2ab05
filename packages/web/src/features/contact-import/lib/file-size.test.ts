import { describe, expect, it } from "vitest";
import { formatFileSize } from "./file-size";

describe("formatFileSize", () => {
  it("says bytes, kB or MB in decimal units, in the user's language", () => {
    expect(formatFileSize(512, "en")).toBe("512 B");
    expect(formatFileSize(42_300, "en")).toBe("42.3 kB");
    expect(formatFileSize(1_200_000, "en")).toBe("1.2 MB");
    expect(formatFileSize(1_200_000, "pt")).toBe("1,2 MB");
  });
});
