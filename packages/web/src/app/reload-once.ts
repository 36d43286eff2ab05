import { isAppOffline, whenOnline } from "../lib/connectivity";

/** sessionStorage key: set while the page reloads because a chunk failed to download. */
export const chunkReloadKey = "atendo.chunkReload";

export interface ReloadOnceOptions {
  storage?: Pick<Storage, "getItem" | "setItem" | "removeItem">;
  reload?: () => void;
  /** Whether the network or the server is away now, and a promise of its return (lib/connectivity). */
  offline?: () => boolean;
  whenOnline?: () => Promise<void>;
}

/**
 * Runs a lazy import; when it fails, reloads the page once. After a release, a tab opened on the
 * previous one asks for chunk names that no longer exist (404): the reload fetches the new
 * index.html and its chunks. A sessionStorage flag keeps a chunk that fails for another reason
 * (server away) from reloading the page in a loop: the second failure in a row is thrown, for
 * the page to show as an error; a success clears the flag for the next release. Offline (network
 * or server away) it neither reloads nor fails: it waits for the app to be online and tries again.
 */
export async function importOrReloadOnce<T>(load: () => Promise<T>, options: ReloadOnceOptions = {}): Promise<T> {
  const storage = options.storage ?? sessionStorage;
  const reload = options.reload ?? (() => window.location.reload());
  try {
    const loaded = await load();
    storage.removeItem(chunkReloadKey);
    return loaded;
  } catch (error) {
    // Offline, the chunk is not missing, only unreachable: a reload would show nothing better.
    // Wait with the spinner up, then try again.
    if ((options.offline ?? isAppOffline)()) {
      await (options.whenOnline ?? whenOnline)();
      return importOrReloadOnce(load, options);
    }
    if (storage.getItem(chunkReloadKey)) {
      storage.removeItem(chunkReloadKey);
      throw error;
    }
    storage.setItem(chunkReloadKey, "1");
    reload();
    // Never settles: the spinner stays until the page is replaced.
    return new Promise<T>(() => undefined);
  }
}
