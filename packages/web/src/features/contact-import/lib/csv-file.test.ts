import { limits } from "@atendo/contracts";
import { describe, expect, it } from "vitest";
import { csvFileProblem } from "./csv-file";

describe("csvFileProblem", () => {
  it("accepts a CSV by its name or its type, whatever type the system reports", () => {
    expect(csvFileProblem({ name: "contacts.csv", type: "text/csv", size: 10 })).toBeNull();
    expect(csvFileProblem({ name: "CONTACTS.CSV", type: "application/vnd.ms-excel", size: 10 })).toBeNull();
    expect(csvFileProblem({ name: "contacts.csv", type: "", size: 10 })).toBeNull();
    expect(csvFileProblem({ name: "export", type: "text/csv", size: 10 })).toBeNull();
  });

  it("refuses other files", () => {
    expect(csvFileProblem({ name: "contacts.xlsx", type: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", size: 10 })).toBe("notCsv");
    expect(csvFileProblem({ name: "photo.png", type: "image/png", size: 10 })).toBe("notCsv");
    expect(csvFileProblem({ name: "contacts.csv.txt", type: "text/plain", size: 10 })).toBe("notCsv");
  });

  it("refuses an empty file and one of 1,000,000 bytes or more", () => {
    expect(csvFileProblem({ name: "a.csv", type: "text/csv", size: 0 })).toBe("empty");
    expect(csvFileProblem({ name: "a.csv", type: "text/csv", size: limits.csvBytes - 1 })).toBeNull();
    expect(csvFileProblem({ name: "a.csv", type: "text/csv", size: limits.csvBytes })).toBe("tooLarge");
  });
});
