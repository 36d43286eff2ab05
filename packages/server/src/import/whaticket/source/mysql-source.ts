import mysql from "mysql2";
import type { SourceRow, WhaticketSource } from "./source.js";

export async function openMysqlSource(url: string): Promise<WhaticketSource> {
  const parsed = new URL(url);
  parsed.protocol = "mysql:";
  // dateStrings: DATETIME(6) values as written (Sequelize writes UTC), microseconds intact.
  const raw = mysql.createConnection({ uri: parsed.toString(), dateStrings: true, supportBigNumbers: true, bigNumberStrings: true, timezone: "Z" });
  const connection = raw.promise();
  await connection.connect();
  return {
    dialect: "mysql",
    quote: (name) => `\`${name.replaceAll("`", "``")}\``,
    async columns(table) {
      const [rows] = await connection.query("select column_name as name from information_schema.columns where table_schema = database() and table_name = ?", [table]);
      return new Set((rows as { name: string }[]).map((row) => row.name));
    },
    async query(sql, params = []) {
      const [rows] = await connection.query(sql, params);
      return rows as SourceRow[];
    },
    async *stream(sql, params, batchSize) {
      // The callback API's query streams rows as the server sends them: one sort, no OFFSET.
      const rows = raw.query(sql, params).stream({ highWaterMark: batchSize });
      let batch: SourceRow[] = [];
      try {
        for await (const row of rows) {
          batch.push(row as SourceRow);
          if (batch.length >= batchSize) {
            yield batch;
            batch = [];
          }
        }
        if (batch.length > 0) yield batch;
      } finally {
        rows.destroy();
      }
    },
    close: () => connection.end(),
  };
}
