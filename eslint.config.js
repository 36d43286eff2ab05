import { readdirSync } from "node:fs";
import js from "@eslint/js";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import importX from "eslint-plugin-import-x";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";
import { fileNaming } from "./eslint/file-naming.js";

const root = import.meta.dirname;
const subdirs = (dir) =>
  readdirSync(`${root}/${dir}`, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name);

const webFeatures = "packages/web/src/features";
const serverSrc = "packages/server/src";
const serverModules = `${serverSrc}/modules`;

/**
 * Architecture boundaries (docs/architecture.md, "Boundaries"). Zones are built from the folders
 * on disk, so a new feature or module is covered the day it is created.
 */
const boundaryZones = [
  // A web feature reaches another feature only through that feature's public barrel.
  ...subdirs(webFeatures).map((feature) => ({
    target: `${webFeatures}/${feature}`,
    from: webFeatures,
    except: [`./${feature}`, ...subdirs(webFeatures).filter((f) => f !== feature).map((f) => `./${f}/index.ts`)],
    message: "A feature imports another feature only through its index.ts.",
  })),
  {
    target: ["packages/web/src/components", "packages/web/src/lib"],
    from: webFeatures,
    message: "Shared components/ and lib/ do not depend on features/.",
  },
  // Routes are the HTTP edge of a module: other modules call its service, never its routes.
  ...subdirs(serverModules).map((mod) => ({
    target: `${serverModules}/${mod}`,
    from: [`${root}/${serverModules}/*/*.routes.ts`],
    except: [`${root}/${serverModules}/${mod}/*.routes.ts`],
    message: "A module never imports another module's routes; call its service.",
  })),
  {
    target: [`${serverSrc}/modules`, `${serverSrc}/channels`, `${serverSrc}/core`],
    from: `${serverSrc}/http`,
    message: "http/ holds Fastify plugins wired by app.ts; shared route helpers live in core/.",
  },
  {
    target: `${serverSrc}/core`,
    from: [`${serverSrc}/modules`, `${serverSrc}/channels`],
    message: "core/ is the bottom layer of the server: it imports no module or channel.",
  },
  // The inbound path reads forward only: driver → pipeline → services → realtime. A module reaches
  // a connection through ctx.channels; only the driver seam's types are shared. Tests, which wire
  // the layers together, are not held to it.
  {
    target: `${serverModules}/**/!(*.test).ts`,
    from: `${serverSrc}/channels`,
    except: ["./channel-driver.ts"],
    message: "A module imports no channel driver or pipeline code: go through ctx.channels (driver seam types: channels/channel-driver.ts).",
  },
  // The app context depends on interfaces (context-types.ts), not on what implements them.
  {
    target: [`${serverSrc}/context.ts`, `${serverSrc}/context-types.ts`],
    from: `${serverSrc}/modules`,
    message: "The app context names interfaces (context-types.ts), never a module.",
  },
  {
    target: [`${serverSrc}/context.ts`, `${serverSrc}/context-types.ts`],
    from: `${serverSrc}/channels`,
    except: ["./channel-driver.ts"],
    message: "The app context names interfaces (context-types.ts), never a channel's code (driver seam types: channels/channel-driver.ts).",
  },
  {
    // Everything in the repository except contracts itself and installed packages.
    target: "packages/contracts",
    from: ".",
    except: ["./packages/contracts", "./node_modules"],
    message: "contracts import nothing of ours.",
  },
];

export default tseslint.config(
  { ignores: ["**/node_modules/**", "**/dist/**", "**/data/**", "**/migrations/**", "test-results/**"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ["vitest.config.ts"] },
        tsconfigRootDir: root,
      },
    },
    rules: {
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/no-misused-promises": ["error", { checksVoidReturn: { attributes: false } }],
      "@typescript-eslint/consistent-type-imports": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  {
    files: ["packages/web/**/*.tsx", "packages/web/**/*.ts"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "warn",
    },
  },
  {
    files: ["**/*.{ts,tsx}"],
    plugins: { "import-x": importX, atendo: { rules: { "file-naming": fileNaming } } },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      "import-x/resolver": undefined,
      // Understands `.js` specifiers that name `.ts` files (server) and extensionless ones (web).
      "import-x/resolver-next": [
        createTypeScriptImportResolver({
          project: ["packages/*/tsconfig.json", "e2e/tsconfig.json", "bench/tsconfig.json"].map((p) => `${root}/${p}`),
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      // Also proves the resolver works: the zones and the cycle check skip what does not resolve.
      "import-x/no-unresolved": "error",
      "import-x/no-restricted-paths": ["error", { basePath: root, zones: boundaryZones }],
      "atendo/file-naming": ["error", { root }],
    },
  },
  {
    files: ["packages/*/src/**/*.{ts,tsx}"],
    rules: { "import-x/no-cycle": ["error", { ignoreExternal: true }] },
  },
  {
    files: ["packages/contracts/**/*.ts"],
    rules: {
      "no-restricted-imports": ["error", { patterns: [{ group: ["@atendo/*"], message: "contracts import nothing of ours." }] }],
    },
  },
  { files: ["**/*.{js,mjs}"], languageOptions: { globals: { process: "readonly", console: "readonly", URL: "readonly" } } },
);
