import type { ContactImport, ContactsImportsEvent } from "@atendo/contracts";
import { describe, expect, it } from "vitest";
import { applyImportEvent, importRunning, latestOf, progressPercent } from "./import-state";

const running: ContactImport = {
  id: 7,
  status: "running",
  templateType: "atendo",
  fileName: "contacts.csv",
  progress: 10,
  totalCount: 300,
  successCount: 20,
  failedCount: 5,
  repeatedCount: 5,
  error: null,
  userId: 1,
  createdAt: "2025-01-01T10:00:00.000Z",
  finishedAt: null,
};

function event(action: ContactsImportsEvent["action"], record: ContactImport, counts: Partial<ContactsImportsEvent> = {}): ContactsImportsEvent {
  return {
    action,
    progress: record.progress,
    totalCount: record.totalCount,
    successCount: record.successCount,
    failedCount: record.failedCount,
    repeatedCount: record.repeatedCount,
    import: record,
    ...counts,
  };
}

describe("applyImportEvent", () => {
  it("takes the event's progress and counts", () => {
    const next = applyImportEvent(running, event("progressEvent", running, { progress: 50, successCount: 120, failedCount: 20, repeatedCount: 10 }));
    expect(next).toMatchObject({ id: 7, status: "running", progress: 50, successCount: 120, failedCount: 20, repeatedCount: 10 });
  });

  it("starts from nothing (an import another admin started)", () => {
    expect(applyImportEvent(null, event("progressEvent", running))).toMatchObject({ id: 7, progress: 10 });
  });

  it("ends the import on finishedImport, at 100 %", () => {
    const next = applyImportEvent(running, event("finishedImport", { ...running, progress: 99 }));
    expect(next).toMatchObject({ status: "finished", progress: 100 });
  });

  it("keeps a failed import's progress where it stopped", () => {
    const next = applyImportEvent(running, event("finishedImport", { ...running, status: "failed", error: "ERR_IMPORT_INTERRUPTED" }));
    expect(next).toMatchObject({ status: "failed", progress: 10, error: "ERR_IMPORT_INTERRUPTED" });
  });

  it("ignores events of an older import and progress arriving after the end", () => {
    const newer = { ...running, id: 8 };
    expect(applyImportEvent(newer, event("progressEvent", running))).toBe(newer);
    const finished = { ...running, status: "finished" as const, progress: 100 };
    expect(applyImportEvent(finished, event("progressEvent", running))).toBe(finished);
  });
});

describe("latestOf", () => {
  it("takes the started import over an older one", () => {
    const started = { ...running, id: 8, progress: 0 };
    expect(latestOf(running, started)).toBe(started);
    expect(latestOf(null, started)).toBe(started);
  });

  it("keeps the cache when its events outran the answer that started the import", () => {
    const ended = { ...running, status: "finished" as const, progress: 100 };
    expect(latestOf(ended, { ...running, progress: 0 })).toBe(ended);
    expect(latestOf(running, { ...running, progress: 0 })).toBe(running);
    expect(latestOf({ ...running, id: 9 }, running)).toMatchObject({ id: 9 });
  });

  it("takes a fetched record that moved on", () => {
    const ended = { ...running, status: "failed" as const };
    expect(latestOf(running, ended)).toBe(ended);
  });
});

describe("importRunning", () => {
  it("is true while the server refuses a new import or the latest one runs", () => {
    expect(importRunning(false, null)).toBe(true);
    expect(importRunning(true, running)).toBe(true);
    expect(importRunning(true, { ...running, status: "finished" })).toBe(false);
    expect(importRunning(undefined, undefined)).toBe(false);
  });
});

describe("progressPercent", () => {
  it("is a whole number from 0 to 100", () => {
    expect(progressPercent({ progress: 33.4 })).toBe(33);
    expect(progressPercent({ progress: 140 })).toBe(100);
    expect(progressPercent({ progress: -1 })).toBe(0);
  });
});
