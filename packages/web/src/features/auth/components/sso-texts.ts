import type { Language } from "@atendo/contracts";
import { useEffect, useState } from "react";
import { useTranslation } from "../../../lib/i18n";
import type en from "../../../locales/en.json";

/** The sign-in page's single sign-on texts and the error texts only it shows (lib/locale-parts.ts, signInOnlyBlocks). */
export type SsoTexts = Pick<typeof en, "sso"> & { errors: Record<string, string> };

const files: Record<Language, () => Promise<{ default: SsoTexts }>> = {
  en: () => import("../../../lib/locale-texts/en-sign-in"),
  pt: () => import("../../../lib/locale-texts/pt-sign-in"),
  es: () => import("../../../lib/locale-texts/es-sign-in"),
};

/**
 * The current language's single sign-on texts, downloaded on first use (only installs with single
 * sign-on, or a callback's error, ask): null until they arrive.
 */
export function useSsoTexts(wanted: boolean): SsoTexts | null {
  const { i18n } = useTranslation();
  const language = i18n.language;
  const [loaded, setLoaded] = useState<{ language: Language; texts: SsoTexts } | null>(null);
  useEffect(() => {
    if (!wanted) return;
    let current = true;
    void files[language]().then((module) => {
      if (current) setLoaded({ language, texts: module.default });
    });
    return () => {
      current = false;
    };
  }, [language, wanted]);
  return loaded?.language === language ? loaded.texts : null;
}
