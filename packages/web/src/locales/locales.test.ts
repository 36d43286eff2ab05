import { errorCodes } from "@atendo/contracts";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { entityTextKeys } from "../lib/admin-entity";
import en from "./en.json";
import es from "./es.json";
import pt from "./pt.json";

const locales = { en, pt, es } as const;
const srcDir = fileURLToPath(new URL("..", import.meta.url));

/** "a.b.c" for every leaf string of a nested translation object. */
function leafKeys(value: unknown, prefix = ""): string[] {
  if (typeof value === "string") return [prefix];
  if (typeof value !== "object" || value === null) return [];
  return Object.entries(value).flatMap(([key, child]) => leafKeys(child, prefix ? `${prefix}.${key}` : key));
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

const namespaces = new Set([...Object.keys(en), "errors"]);
/** Strings shaped like translation keys that are not: MUI palette paths and a download's file name. */
const notKeys = new Set(["common.white", "common.black", "contacts.csv"]);

/**
 * Keys used in the source: every string literal shaped like "namespace.key" whose namespace is a
 * top-level key of en.json (covers t("..."), i18nKey="..." and keys kept in data such as
 * `labelKey: "pages.tickets"`), plus the fixed prefix of template keys (t(`language.names.${x}`)).
 */
function usedKeys(): { keys: Map<string, string>; prefixes: Map<string, string> } {
  const keys = new Map<string, string>();
  const prefixes = new Map<string, string>();
  for (const file of sourceFiles(srcDir)) {
    const text = readFileSync(file, "utf8");
    const where = file.slice(srcDir.length);
    for (const match of text.matchAll(/["'`]([a-zA-Z]+(?:\.\w+)+)["'`]/g)) {
      const key = match[1] ?? "";
      if (namespaces.has(key.split(".")[0] ?? "") && !notKeys.has(key)) keys.set(key, where);
    }
    for (const match of text.matchAll(/\bt\(\s*`([\w.]+\.)\$\{/g)) {
      if (match[1]) prefixes.set(match[1], where);
    }
    // The entity screens read their texts under the namespace they name (lib/admin-entity.ts).
    for (const match of text.matchAll(/\b(texts=|adminEntity\()"(\w+)"/g)) {
      const own = match[1] === "texts=" ? entityTextKeys : [...entityTextKeys, "name"];
      for (const key of own) keys.set(`${match[2]}.${key}`, where);
    }
  }
  return { keys, prefixes };
}

describe("locales", () => {
  const keys = Object.fromEntries(Object.entries(locales).map(([lang, texts]) => [lang, new Set(leafKeys(texts))]));

  it.each(Object.keys(locales))("%s has every key of the other languages", (lang) => {
    const own = keys[lang] ?? new Set<string>();
    const missing = Object.entries(keys)
      .filter(([other]) => other !== lang)
      .flatMap(([other, otherKeys]) => [...otherKeys].filter((key) => !own.has(key)).map((key) => `${key} (in ${other})`));
    expect(missing).toEqual([]);
  });

  it("has no empty texts", () => {
    const empty = Object.entries(locales).flatMap(([lang, texts]) =>
      leafKeys(texts).filter((key) => key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], texts) === "").map((key) => `${lang}:${key}`),
    );
    expect(empty).toEqual([]);
  });

  it("leaves the errors namespace to the contracts' error catalogue", () => {
    for (const texts of Object.values(locales)) expect(Object.keys(texts)).not.toContain("errors");
  });

  it("defines every key used in the source in en.json", () => {
    // A key used with a count may exist only in its plural forms (`key_one`, `key_other`: lib/i18n.ts).
    const pluralBases = [...(keys.en ?? [])].map((key) => key.replace(/_(zero|one|two|few|many|other)$/, ""));
    const available = new Set([...(keys.en ?? []), ...pluralBases, ...errorCodes.map((code) => `errors.${code}`)]);
    const { keys: found, prefixes } = usedKeys();
    expect(found.size).toBeGreaterThan(50);
    const missing = [...found].filter(([key]) => !available.has(key)).map(([key, file]) => `${key} (${file})`);
    const missingPrefixes = [...prefixes]
      .filter(([prefix]) => ![...available].some((key) => key.startsWith(prefix)))
      .map(([prefix, file]) => `${prefix}* (${file})`);
    expect([...missing, ...missingPrefixes]).toEqual([]);
  });
});
