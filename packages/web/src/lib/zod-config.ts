/**
 * Zod compiles fast object parsers with `new Function` when eval is allowed, and probes for it at
 * the first object schema it builds. The app runs under a Content-Security-Policy without
 * 'unsafe-eval' (docs/decisions/0034): the probe would be refused and reported as a violation on
 * every page. Interpreted parsing is plenty for our payloads.
 *
 * Zod keeps its configuration on `globalThis.__zod_globalConfig` (what `z.config` writes), so this
 * module sets it without importing zod: main.tsx imports it first, the entry chunk runs it before
 * any lazy chunk loads, and zod and every schema live in lazy chunks (the login page does not
 * carry them; scripts/web-budgets.ts fails the build if the entry's static imports hold zod).
 * It adds to an existing object: zod may have created it already.
 */
const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
holder.__zod_globalConfig ??= {};
holder.__zod_globalConfig.jitless = true;

export {};
