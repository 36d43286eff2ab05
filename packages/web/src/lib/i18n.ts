import { languages, type Language } from "@atendo/contracts";
import i18n, { type BackendModule } from "i18next";
import { initReactI18next } from "react-i18next";
import { languageDetector } from "./language-detector";

export const supportedLanguages: readonly Language[] = languages;

// Each language's texts are their own chunk, downloaded when the language is used (docs/decisions/
// 0043-web-delivery.md): a first visit carries its language and the English fallback, not all three.
const localeFiles: Record<Language, () => Promise<{ default: object }>> = {
  en: () => import("../locales/en.json"),
  pt: () => import("../locales/pt.json"),
  es: () => import("../locales/es.json"),
};
// The error catalogue's texts, one language per chunk too (build/error-texts-plugin.ts).
const errorFiles: Record<Language, () => Promise<{ default: object }>> = {
  en: () => import("./error-texts/en"),
  pt: () => import("./error-texts/pt"),
  es: () => import("./error-texts/es"),
};

/** UI texts plus the error catalogue of contracts under `errors.<CODE>`, read on demand. */
const lazyTexts: BackendModule = {
  type: "backend",
  init: () => undefined,
  read(language, _namespace, callback) {
    const base = currentLanguage(language);
    Promise.all([localeFiles[base](), errorFiles[base]()]).then(
      ([texts, errors]) => callback(null, { ...texts.default, errors: errors.default }),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

export const i18nReady = i18n
  .use(lazyTexts)
  .use(languageDetector)
  .use(initReactI18next)
  .init({
    supportedLngs: [...languages],
    nonExplicitSupportedLngs: true,
    load: "languageOnly",
    fallbackLng: "en",
    interpolation: { escapeValue: false },
    returnNull: false,
  });

function syncDocumentLanguage(language: string | undefined): void {
  if (typeof document !== "undefined" && language) document.documentElement.lang = language;
}

i18n.on("languageChanged", syncDocumentLanguage);
syncDocumentLanguage(i18n.resolvedLanguage);

/** The active language among the supported ones ("pt-BR" shows as "pt"). */
export function currentLanguage(resolved: string | undefined = i18n.resolvedLanguage ?? i18n.language): Language {
  const base = (resolved ?? "en").split("-")[0] as Language;
  return supportedLanguages.includes(base) ? base : "en";
}

export { i18n };
