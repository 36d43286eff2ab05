import type { Plugin } from "vite";

const contractsSource = /packages[\\/]contracts[\\/]src[\\/]/;

/**
 * Declares the modules of @atendo/contracts free of side effects (they only define constants,
 * functions and schemas), so that a page importing `timing` or `can` from the package's barrel
 * gets those modules, not every schema of the package with zod (docs/decisions/0043). Declared
 * here rather than in the contracts' package.json: the server runs them unbundled.
 */
export function contractsWithoutSideEffects(): Plugin {
  return {
    name: "atendo:contracts-without-side-effects",
    transform(code, id) {
      if (!contractsSource.test(id)) return null;
      return { code, map: null, moduleSideEffects: false };
    },
  };
}
