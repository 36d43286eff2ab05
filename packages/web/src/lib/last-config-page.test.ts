import { afterEach, describe, expect, it, vi } from "vitest";
import { configPageOf, getLastConfigPage, rememberConfigPage } from "./last-config-page";
import { memoryStorage } from "../test/memory-storage";


afterEach(() => vi.unstubAllGlobals());

describe("configPageOf", () => {
  it.each([
    ["/queues", "/queues"],
    ["/queues/new", "/queues"],
    ["/URA/edit/3", "/URA"],
    ["/ura", "/URA"],
    ["/users/edit/2", "/users"],
    ["/connections/4/simulator", "/connections"],
    ["/simulator", "/connections"],
    ["/settings", "/settings"],
  ])("%s belongs to %s", (pathname, page) => {
    expect(configPageOf(pathname)).toBe(page);
  });

  it.each(["/tickets", "/about", "/dashboard", "/queuesx", "/"])("%s is not a configuration page", (pathname) => {
    expect(configPageOf(pathname)).toBeUndefined();
  });
});

describe("the last configuration page", () => {
  it("is /connections until one is visited, then the page last visited (its list, not the form)", () => {
    vi.stubGlobal("localStorage", memoryStorage());
    expect(getLastConfigPage()).toBe("/connections");
    rememberConfigPage("/queues/edit/5");
    expect(getLastConfigPage()).toBe("/queues");
    rememberConfigPage("/tickets");
    expect(getLastConfigPage()).toBe("/queues");
  });

  it("ignores a stored value that is not a configuration page", () => {
    const storage = memoryStorage();
    storage.setItem("lastConfigPageOpen", "/dashboard");
    vi.stubGlobal("localStorage", storage);
    expect(getLastConfigPage()).toBe("/connections");
  });
});
