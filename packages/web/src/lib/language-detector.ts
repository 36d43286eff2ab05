import { readPreference, storageKeys, writePreference } from "./local-storage";

/**
 * The languages to try for the interface, best first: the one the user picked (kept on this
 * device), then the browser's preferred ones. lib/i18n.ts takes the first it supports.
 */
export function detectLanguages(): string[] {
  const picked = readPreference(storageKeys.language);
  const browser = typeof navigator === "undefined" ? [] : navigator.languages?.length ? [...navigator.languages] : [navigator.language];
  return [...(picked ? [picked] : []), ...browser];
}

/** Keeps the language in use on this device, for the next visit. */
export function rememberLanguage(language: string): void {
  writePreference(storageKeys.language, language);
}
