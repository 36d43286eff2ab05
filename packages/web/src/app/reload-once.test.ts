import { describe, expect, it } from "vitest";
import { memoryStorage } from "../test/memory-storage";
import { chunkReloadKey, importOrReloadOnce } from "./reload-once";

/** A failed lazy import as browsers report it after a release removed the chunk. */
const missingChunk = () => Promise.reject(new TypeError("Failed to fetch dynamically imported module: /assets/tickets-page-old.js"));

function setup() {
  const storage = memoryStorage();
  const reloads: number[] = [];
  return { storage, reloads, options: { storage, reload: () => reloads.push(Date.now()), offline: () => false } };
}

/** Whether a promise has settled once the queued microtasks ran. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  promise.then(
    () => (done = true),
    () => (done = true),
  );
  await new Promise((resolve) => setTimeout(resolve, 0));
  return done;
}

describe("importOrReloadOnce", () => {
  it("returns the module when the chunk downloads, and clears an earlier reload's flag", async () => {
    const { storage, reloads, options } = setup();
    storage.setItem(chunkReloadKey, "1");
    await expect(importOrReloadOnce(() => Promise.resolve({ Page: "page" }), options)).resolves.toEqual({ Page: "page" });
    expect(reloads).toHaveLength(0);
    expect(storage.getItem(chunkReloadKey)).toBeNull();
  });

  it("reloads the page once when the chunk is missing, leaving the spinner up meanwhile", async () => {
    const { storage, reloads, options } = setup();
    const loading = importOrReloadOnce(missingChunk, options);
    expect(await settled(loading)).toBe(false);
    expect(reloads).toHaveLength(1);
    expect(storage.getItem(chunkReloadKey)).toBe("1");
  });

  it("throws instead of reloading again when the chunk still fails after the reload", async () => {
    const { storage, reloads, options } = setup();
    storage.setItem(chunkReloadKey, "1");
    await expect(importOrReloadOnce(missingChunk, options)).rejects.toThrow("Failed to fetch dynamically imported module");
    expect(reloads).toHaveLength(0);
    // The next release's stale chunk may reload again.
    expect(storage.getItem(chunkReloadKey)).toBeNull();
  });

  it("neither reloads nor fails while offline: it waits for the app to be online and loads again", async () => {
    const { storage, reloads, options } = setup();
    let offline = true;
    let backOnline = () => {};
    const online = new Promise<void>((resolve) => (backOnline = resolve));
    let attempts = 0;
    const load = () => (++attempts === 1 ? missingChunk() : Promise.resolve({ Page: "page" }));
    const loading = importOrReloadOnce(load, { ...options, offline: () => offline, whenOnline: () => online });
    expect(await settled(loading)).toBe(false);
    expect(reloads).toHaveLength(0);
    expect(storage.getItem(chunkReloadKey)).toBeNull();
    offline = false;
    backOnline();
    await expect(loading).resolves.toEqual({ Page: "page" });
    expect(attempts).toBe(2);
    expect(reloads).toHaveLength(0);
  });
});
