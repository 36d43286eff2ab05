import { useSyncExternalStore } from "react";
import { readPreference, storageKeys, writePreference } from "../lib/local-storage";

/** What the account menu offers (docs/decisions/0076): follow the system, or always light or dark. */
export const themeModes = ["system", "light", "dark"] as const;
export type ThemeMode = (typeof themeModes)[number];
/** The scheme the screen is drawn in. */
export type ColorScheme = "light" | "dark";

const darkQuery = "(prefers-color-scheme: dark)";
const listeners = new Set<() => void>();

function isThemeMode(value: string | null): value is ThemeMode {
  return themeModes.some((mode) => mode === value);
}

export function storedThemeMode(): ThemeMode {
  const stored = readPreference(storageKeys.themeMode);
  return isThemeMode(stored) ? stored : "system";
}

function systemPrefersDark(): boolean {
  return typeof matchMedia === "function" && matchMedia(darkQuery).matches;
}

/** The scheme a mode draws in now ("system" reads the operating system's setting). */
export function schemeOf(mode: ThemeMode, prefersDark = systemPrefersDark()): ColorScheme {
  if (mode === "system") return prefersDark ? "dark" : "light";
  return mode;
}

/**
 * Marks the document with the scheme (html[data-color-scheme], read by base.css) before React
 * draws anything, so a dark page's first paint is already dark. Called by main.tsx before render:
 * no inline script, which the Content-Security-Policy refuses (script-src 'self').
 */
export function applyColorScheme(): void {
  if (typeof document === "undefined") return;
  document.documentElement.dataset.colorScheme = schemeOf(storedThemeMode());
}

function notify(): void {
  applyColorScheme();
  for (const listener of listeners) listener();
}

export function setThemeMode(mode: ThemeMode): void {
  writePreference(storageKeys.themeMode, mode);
  notify();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const media = typeof matchMedia === "function" ? matchMedia(darkQuery) : null;
  // "System" follows the operating system while the page is open.
  media?.addEventListener("change", notify);
  const onStorage = (event: StorageEvent) => {
    if (event.key === storageKeys.themeMode) notify();
  };
  // Another tab's choice applies here too.
  addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    media?.removeEventListener("change", notify);
    removeEventListener("storage", onStorage);
  };
}

// One string for both, so useSyncExternalStore sees a change of either.
const snapshot = () => `${storedThemeMode()} ${schemeOf(storedThemeMode())}`;

/** The chosen mode and the scheme it draws in, following changes (menu, system, other tabs). */
export function useThemeMode(): { mode: ThemeMode; scheme: ColorScheme } {
  const [mode, scheme] = useSyncExternalStore(subscribe, snapshot, snapshot).split(" ") as [ThemeMode, ColorScheme];
  return { mode, scheme };
}
