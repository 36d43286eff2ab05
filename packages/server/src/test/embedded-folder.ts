import { readFileSync } from "node:fs";
import { join } from "node:path";
import pg from "pg";

/** The postmaster's process id and port, from the folder's postmaster.pid (undefined when none runs). */
export function postmasterOf(embeddedDir: string): { pid: number; port: number } | undefined {
  try {
    const lines = readFileSync(join(embeddedDir, "pgdata", "postmaster.pid"), "utf8").split("\n");
    return { pid: Number(lines[0]), port: Number(lines[3]) };
  } catch {
    return undefined;
  }
}

/**
 * A session on a running Atendo's embedded database, reached as the README tells an operator to
 * (for pg_dump): the password file and the port in postmaster.pid.
 */
export async function connectEmbedded(embeddedDir: string, database = "atendo"): Promise<pg.Client> {
  const postmaster = postmasterOf(embeddedDir);
  if (!postmaster) throw new Error(`no embedded PostgreSQL runs on ${embeddedDir}`);
  const client = new pg.Client({
    host: "127.0.0.1",
    port: postmaster.port,
    user: "postgres",
    password: readFileSync(join(embeddedDir, "password"), "utf8").trim(),
    database,
  });
  await client.connect();
  return client;
}
