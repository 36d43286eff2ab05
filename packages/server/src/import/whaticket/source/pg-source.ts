import pg from "pg";
import type { SourceRow, WhaticketSource } from "./source.js";

// Timestamps stay text (microseconds intact, UTC by the session's TimeZone): Date objects would
// drop the microseconds, and the resume position compares them exactly.
const asText = (value: string) => value;
const types = {
  getTypeParser(oid: number, format?: "text" | "binary") {
    if (oid === 1114 || oid === 1184) return asText;
    return pg.types.getTypeParser(oid, format);
  },
};

export async function openPgSource(url: string): Promise<WhaticketSource> {
  const client = new pg.Client({ connectionString: url, types, options: "-c TimeZone=UTC" });
  await client.connect();
  let cursorSeq = 0;
  return {
    dialect: "postgres",
    quote: (name) => `"${name.replaceAll('"', '""')}"`,
    async columns(table) {
      const result = await client.query<{ column_name: string }>(
        "select column_name from information_schema.columns where table_schema = current_schema() and table_name = $1",
        [table],
      );
      return new Set(result.rows.map((row) => row.column_name));
    },
    async query(sql, params = []) {
      return (await client.query<SourceRow>(sql, params)).rows;
    },
    async *stream(sql, params, batchSize) {
      const cursor = `whaticket_cursor_${++cursorSeq}`;
      await client.query("begin isolation level repeatable read read only");
      try {
        await client.query(`declare ${cursor} no scroll cursor for ${sql}`, params);
        for (;;) {
          const { rows } = await client.query<SourceRow>(`fetch ${batchSize} from ${cursor}`);
          if (rows.length === 0) break;
          yield rows;
          if (rows.length < batchSize) break;
        }
      } finally {
        await client.query("rollback");
      }
    },
    close: () => client.end(),
  };
}
