import type { Plugin } from "vite";
import { webErrorTexts, type Language } from "../../contracts/src/errors";

const textsModule = /src[\\/]lib[\\/]error-texts[\\/](en|pt|es)\.ts$/;

/**
 * Evaluates `src/lib/error-texts/<language>.ts` at build time: the module becomes its language's
 * texts of the contracts' error catalogue, as a plain object, instead of the catalogue with every
 * language (docs/decisions/0043: 3.5 kB gzip less at start). The source module computes the same
 * object (tests and the dev server run it as it is); the catalogue in contracts stays the one source.
 */
export function errorTextsPerLanguage(): Plugin {
  return {
    name: "atendo:error-texts-per-language",
    apply: "build",
    transform(_code, id) {
      const language = textsModule.exec(id)?.[1] as Language | undefined;
      if (!language) return null;
      return { code: `export default ${JSON.stringify(webErrorTexts(language))};`, map: null };
    },
  };
}
