import { readPreference, storageKeys, writePreference } from "./local-storage";
import { paths } from "./paths";

/** Admin configuration pages whose last visit is remembered (spec §2). */
const configPages: readonly string[] = [paths.connections, paths.users, paths.queues, paths.ura, paths.announcements, paths.monitoring, paths.settings];

export const defaultConfigPage = paths.connections;

/** Remembers `pathname` if it belongs to a configuration page (its list, not a form). */
export function rememberConfigPage(pathname: string): void {
  const page = configPages.find((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
  if (page) writePreference(storageKeys.lastConfigPageOpen, page);
}

export function getLastConfigPage(): string {
  const stored = readPreference(storageKeys.lastConfigPageOpen);
  return stored && configPages.includes(stored) ? stored : defaultConfigPage;
}
