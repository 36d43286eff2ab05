import type { WhaticketSource } from "./source.js";

/**
 * Opens the Whaticket database a URL names, loading only its dialect's driver. Apart from
 * source.ts: the readers import what a source is, so the file that picks one cannot be theirs
 * too (an import cycle).
 */
export async function openSource(url: string): Promise<WhaticketSource> {
  const protocol = URL.canParse(url) ? new URL(url).protocol : null;
  if (!protocol) throw new Error("--from must be a database URL: postgres://user:pass@host:5432/db or mysql://user:pass@host:3306/db");
  if (protocol === "postgres:" || protocol === "postgresql:") return (await import("./pg-source.js")).openPgSource(url);
  if (protocol === "mysql:" || protocol === "mariadb:") return (await import("./mysql-source.js")).openMysqlSource(url);
  throw new Error(`--from must be a postgres:// or mysql:// (mariadb://) URL, not ${protocol}`);
}
