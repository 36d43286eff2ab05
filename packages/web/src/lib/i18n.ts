import { errorTexts, languages, type Language } from "@atendo/contracts";
import i18n from "i18next";
import LanguageDetector from "i18next-browser-languagedetector";
import { initReactI18next } from "react-i18next";
import en from "../locales/en.json";
import es from "../locales/es.json";
import pt from "../locales/pt.json";
import { storageKeys } from "./local-storage";

export const supportedLanguages: readonly Language[] = languages;

/** UI texts plus the error catalogue of contracts under `errors.<CODE>`. */
function translation(texts: object, language: Language) {
  return { translation: { ...texts, errors: errorTexts(language) } };
}

export const i18nReady = i18n
  .use(LanguageDetector)
  .use(initReactI18next)
  .init({
    resources: { en: translation(en, "en"), pt: translation(pt, "pt"), es: translation(es, "es") },
    supportedLngs: [...languages],
    nonExplicitSupportedLngs: true,
    load: "languageOnly",
    fallbackLng: "en",
    interpolation: { escapeValue: false },
    detection: {
      order: ["localStorage", "navigator"],
      lookupLocalStorage: storageKeys.language,
      caches: ["localStorage"],
    },
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
