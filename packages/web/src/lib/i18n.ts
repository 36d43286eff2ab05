import { languages, type Language } from "@atendo/contracts";
import { useMemo, useSyncExternalStore } from "react";
import { detectLanguages, rememberLanguage } from "./language-detector";
import { pageOnlyBlocks } from "./locale-parts";

/**
 * The interface's texts (docs/decisions/0043-web-delivery.md). What the app used of i18next and
 * react-i18next — nested keys, `{{value}}` and `{{value, number}}`, plurals by `count`, English as
 * the fallback, a language picked by the user or the browser, each language downloaded on use —
 * in a module of its own: the two libraries were 15 kB gzip of every page's first download.
 */
export const supportedLanguages: readonly Language[] = languages;

type Texts = { [key: string]: string | Texts };
export interface TranslateOptions {
  /** Picks `<key>_one`, `<key>_other`… by the language's plural rules, and fills `{{count}}`. */
  count?: number;
  /** Another language than the current one (its texts must be loaded). */
  lng?: Language;
  [value: string]: unknown;
}

// Each language's texts are their own chunks, downloaded when the language is used: a first visit
// carries its language and the English fallback, not all three; and of each, the start part only
// (lib/locale-parts.ts): the admin and record pages' texts come when such a page opens.
const startFiles: Record<Language, () => Promise<{ default: object }>> = {
  en: () => import("./locale-texts/en-start"),
  pt: () => import("./locale-texts/pt-start"),
  es: () => import("./locale-texts/es-start"),
};
const pageFiles: Record<Language, () => Promise<{ default: object }>> = {
  en: () => import("./locale-texts/en-pages"),
  pt: () => import("./locale-texts/pt-pages"),
  es: () => import("./locale-texts/es-pages"),
};
// The error catalogue's texts, one language per chunk too (build/error-texts-plugin.ts), downloaded
// with the first error to show (`loadErrorTexts`): most visits show none, and a page is 3 kB lighter.
const errorFiles: Record<Language, () => Promise<{ default: object }>> = {
  en: () => import("./error-texts/en"),
  pt: () => import("./error-texts/pt"),
  es: () => import("./error-texts/es"),
};

const loaded = new Map<Language, Texts>();
const loading = new Map<string, Promise<void>>();
const listeners = new Set<(language: Language) => void>();
let active: Language = "en";
// Whether the page-only part is wanted: once a page asked for it, every language switched to brings it.
let pagesWanted = false;
// The same for the error texts, once an error was shown.
let errorsWanted = false;
// Bumped on every change a render shows (a language switched or its texts arrived).
let version = 0;

/** Downloads one part of a language's texts once (a failed download may be tried again). */
function loadOnce(key: string, download: () => Promise<Texts>, language: Language): Promise<void> {
  let pending = loading.get(key);
  if (!pending) {
    pending = download().then((texts) => {
      loaded.set(language, { ...loaded.get(language), ...texts });
    });
    pending.catch(() => loading.delete(key));
    loading.set(key, pending);
  }
  return pending;
}

function load(language: Language): Promise<void> {
  const start = loadOnce(`${language}:start`, async () => (await startFiles[language]()).default as Texts, language);
  const wanted = [start, ...(pagesWanted ? [loadPages(language)] : []), ...(errorsWanted ? [loadErrors(language)] : [])];
  return Promise.all(wanted).then(() => undefined);
}

function loadErrors(language: Language): Promise<void> {
  return loadOnce(`${language}:errors`, async () => ({ errors: (await errorFiles[language]()).default as Texts }), language);
}

/**
 * Brings the error catalogue's texts of the current language and English. The API client awaits
 * it before it throws a refusal, so whoever shows the error finds its text (or, offline, the
 * server's own words: `errorMessage`).
 */
export function loadErrorTexts(): Promise<void> {
  const first = !errorsWanted;
  errorsWanted = true;
  const pending = Promise.all([loadErrors(active), loadErrors("en")]);
  if (first) void pending.then(emit, () => undefined);
  return pending.then(() => undefined);
}

function loadPages(language: Language): Promise<void> {
  return loadOnce(`${language}:pages`, async () => (await pageFiles[language]()).default as Texts, language);
}

/**
 * Brings the admin and record pages' texts of the current language and English; the router asks
 * before such a page renders. Resolves at once when they are here.
 */
export function loadPageTexts(): Promise<void> {
  const first = !pagesWanted;
  pagesWanted = true;
  const pending = Promise.all([loadPages(active), loadPages("en")]);
  if (first) void pending.then(emit, () => undefined);
  return pending.then(() => undefined);
}

/** The supported language a tag stands for ("pt-BR" → "pt"), or undefined. */
function supported(tag: string | undefined): Language | undefined {
  const base = tag?.split("-")[0]?.toLowerCase();
  return supportedLanguages.find((language) => language === base);
}

function lookup(texts: Texts | undefined, key: string): string | undefined {
  let node: string | Texts | undefined = texts;
  for (const part of key.split(".")) {
    if (node === undefined || typeof node === "string") return undefined;
    node = node[part];
  }
  return typeof node === "string" ? node : undefined;
}

const pluralRules = new Map<Language, Intl.PluralRules>();
function pluralOf(language: Language, count: number): string {
  let rules = pluralRules.get(language);
  if (!rules) pluralRules.set(language, (rules = new Intl.PluralRules(language)));
  return rules.select(count);
}

/** The text in one language: the plural form for `count` first, then the plain key. */
function textIn(language: Language, key: string, count: number | undefined): string | undefined {
  const texts = loaded.get(language);
  if (count !== undefined) {
    const plural = lookup(texts, `${key}_${pluralOf(language, count)}`) ?? lookup(texts, `${key}_other`);
    if (plural !== undefined) return plural;
  }
  return lookup(texts, key);
}

/** `{{name}}` is the value as text; `{{name, number}}` is a number in the language's format. */
function interpolate(text: string, language: Language, options: TranslateOptions): string {
  return text.replace(/\{\{\s*(\w+)\s*(?:,\s*(\w+)\s*)?\}\}/g, (match, name: string, format?: string) => {
    const value = options[name];
    if (value === undefined) return match;
    if (format === "number" && typeof value === "number") return new Intl.NumberFormat(language).format(value);
    return String(value);
  });
}

/** The text of `key` in the current language (or `lng`), else English, else the key itself. */
function t(key: string, options: TranslateOptions = {}): string {
  const language = options.lng ?? active;
  const text = textIn(language, key, options.count) ?? textIn("en", key, options.count);
  if (text !== undefined) return interpolate(text, language, options);
  // A page-only text asked for before its part came (a page not routed through the router's
  // preload): blank until the part arrives, which renders again.
  const block = key.split(".")[0] ?? "";
  if (!errorsWanted && block === "errors") {
    void loadErrorTexts();
    return "";
  }
  if (!pagesWanted && pageOnlyBlocks.includes(block)) {
    void loadPageTexts();
    return "";
  }
  return key;
}

function emit(): void {
  version += 1;
  for (const listener of listeners) listener(active);
}

/** Switches the interface's language, once its texts are here; remembered on this device. */
async function changeLanguage(tag: string): Promise<void> {
  const language = supported(tag) ?? "en";
  await Promise.all([load(language), load("en")]);
  active = language;
  rememberLanguage(language);
  syncDocumentLanguage(language);
  emit();
}

export const i18n = {
  get language(): Language {
    return active;
  },
  get resolvedLanguage(): Language {
    return active;
  },
  t,
  exists: (key: string): boolean => textIn(active, key, undefined) !== undefined || textIn("en", key, undefined) !== undefined,
  changeLanguage,
  on(event: "languageChanged", listener: (language: Language) => void): void {
    if (event === "languageChanged") listeners.add(listener);
  },
};

function syncDocumentLanguage(language: string): void {
  if (typeof document !== "undefined") document.documentElement.lang = language;
}

/** The first language the user picked or the browser prefers that the app has; English otherwise. */
const detected = detectLanguages().map(supported).find((language) => language !== undefined) ?? "en";

/** Resolves once the detected language's texts are here (the app renders then, or on failure). */
export const i18nReady: Promise<void> = changeLanguage(detected);

/** The active language among the supported ones ("pt-BR" shows as "pt"). */
export function currentLanguage(resolved: string | undefined = active): Language {
  return supported(resolved) ?? "en";
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const snapshot = () => version;

/**
 * `t` and the language for a component, which renders again when the language or its texts
 * change. `t` is a new function then, so what a component memoizes on it is computed again.
 */
export function useTranslation(): { t: typeof t; i18n: typeof i18n } {
  const current = useSyncExternalStore(subscribe, snapshot, snapshot);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `current` is the reason for a new `t`
  return useMemo(() => ({ t: (key: string, options?: TranslateOptions) => t(key, options), i18n }), [current]);
}
