import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import type { Plugin } from "vite";
import { pagesPart, startPart } from "../src/lib/locale-parts";

const partModule = /src[\\/]lib[\\/]locale-texts[\\/](en|pt|es)-(start|pages)\.ts$/;

/**
 * Evaluates `src/lib/locale-texts/<language>-<part>.ts` at build time: the module becomes that part
 * of the language's texts as a plain object, instead of the whole locale file picked at run time.
 * The source modules compute the same object (tests and the dev server run them as they are).
 */
export function localePartsPerChunk(): Plugin {
  return {
    name: "atendo:locale-parts-per-chunk",
    apply: "build",
    transform(_code, id) {
      const match = partModule.exec(id);
      if (!match) return null;
      const [, language, which] = match;
      const file = resolve(id, "../../../locales", `${language}.json`);
      this.addWatchFile(file);
      const texts = JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown>;
      const picked = which === "start" ? startPart(texts) : pagesPart(texts);
      return { code: `export default JSON.parse(${JSON.stringify(JSON.stringify(picked))});`, map: null };
    },
  };
}
