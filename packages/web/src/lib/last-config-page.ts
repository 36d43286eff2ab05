import { readPreference, storageKeys, writePreference } from "./local-storage";
import { paths } from "./paths";

/**
 * The administration's configuration pages (spec §2), in the order their tabs show: the drawer's
 * "Settings" opens the last one visited, and each shows the tabs to the others.
 */
export const configPages = [
  paths.connections,
  paths.users,
  paths.queues,
  paths.ura,
  paths.announcements,
  paths.bots,
  paths.monitoring,
  paths.tags,
  paths.settings,
] as const;
export type ConfigPage = (typeof configPages)[number];

export const defaultConfigPage: ConfigPage = paths.connections;

/** Pages that belong to a configuration page without living under its path. */
const belongsTo: Readonly<Record<string, ConfigPage>> = { [paths.simulator]: paths.connections };

function isUnder(pathname: string, prefix: string): boolean {
  return pathname === prefix || pathname.startsWith(`${prefix}/`);
}

/**
 * The configuration page `pathname` is part of: the list itself, its forms (/queues/new,
 * /URA/edit/3) or a page of its own (the connections' simulators); undefined elsewhere. Paths
 * match whatever their case, like the router's.
 */
export function configPageOf(pathname: string): ConfigPage | undefined {
  const path = pathname.toLowerCase();
  const own = configPages.find((page) => isUnder(path, page.toLowerCase()));
  if (own) return own;
  return Object.entries(belongsTo).find(([prefix]) => isUnder(path, prefix.toLowerCase()))?.[1];
}

/** Remembers the configuration page `pathname` belongs to, if any (spec §3: lastConfigPageOpen). */
export function rememberConfigPage(pathname: string): void {
  const page = configPageOf(pathname);
  if (page) writePreference(storageKeys.lastConfigPageOpen, page);
}

/** Where the drawer's "Settings" goes: the last configuration page opened, /connections at first. */
export function getLastConfigPage(): ConfigPage {
  const stored = readPreference(storageKeys.lastConfigPageOpen);
  return configPages.find((page) => page === stored) ?? defaultConfigPage;
}
