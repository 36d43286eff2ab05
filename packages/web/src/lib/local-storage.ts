/** Keys of the local preferences the web app keeps (spec §3, local preferences). */
export const storageKeys = {
  token: "token",
  language: "i18nextLng",
  lastConfigPageOpen: "lastConfigPageOpen",
  shutdownBannerDismissed: "shutdownBannerDismissed",
  /** Admins' "show all tickets" toggle of the ticket list. */
  showAllTickets: "showAllTickets",
  /** Admins' "show all chats" toggle of the internal chat list. */
  showAllChats: "showAllChats",
  /** The user answered "not now" to the browser-notifications prompt. */
  notificationsPromptDismissed: "notificationsPromptDismissed",
  /** Whether sent ticket messages carry the attendant's signature (spec §3, default on). */
  signOption: "signOption",
  /** The composer's emoji picker: the user's recently used emoji, newest first (JSON array). */
  recentEmojis: "recentEmojis",
  /** The labels each user chose as the board's columns: JSON `{ [userId]: tagIds }` (docs/decisions/0075). */
  boardColumns: "boardColumns",
  /** The colour scheme chosen in the account menu: system, light or dark (docs/decisions/0076). */
  themeMode: "themeMode",
} as const;

type StorageKey = (typeof storageKeys)[keyof typeof storageKeys];

// localStorage may be missing (tests in node) or throw (privacy modes); preferences are best effort.
function storage(): Storage | null {
  try {
    return typeof localStorage === "undefined" ? null : localStorage;
  } catch {
    return null;
  }
}

export function readPreference(key: StorageKey): string | null {
  try {
    return storage()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writePreference(key: StorageKey, value: string): void {
  try {
    storage()?.setItem(key, value);
  } catch {
    // Storage full or blocked: the preference is simply not remembered.
  }
}

export function removePreference(key: StorageKey): void {
  try {
    storage()?.removeItem(key);
  } catch {
    // Nothing to do.
  }
}

export function getToken(): string | null {
  return readPreference(storageKeys.token);
}

export function setToken(token: string): void {
  writePreference(storageKeys.token, token);
}

export function clearToken(): void {
  removePreference(storageKeys.token);
}
