import { z } from "zod";

/**
 * Zod compiles fast object parsers with `new Function` when eval is allowed, and probes for it at
 * the first object schema it builds. The app runs under a Content-Security-Policy without
 * 'unsafe-eval' (docs/decisions/0034): the probe would be refused and reported as a violation on
 * every page. Interpreted parsing is plenty for our payloads. Imported first by main.tsx, before
 * any schema exists.
 */
z.config({ jitless: true });
