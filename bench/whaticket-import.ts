// Whaticket import (issue 17): a generated Whaticket PostgreSQL database of 100k tickets and 1M
// messages (BENCH_WT_TICKETS, BENCH_WT_MESSAGES) imported into a fresh Atendo database, both on the
// PostgreSQL server at BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test). Prints
// the time, rows/s and, table by table, the source rows against what the import did and what the
// target holds; then runs again and shows that nothing was imported. `npm run bench:whaticket-import`.
import { randomBytes } from "node:crypto";
import pg from "pg";
import { openDatabase } from "../packages/server/src/db/client.js";
import { runImport } from "../packages/server/src/import/whaticket/run-import.js";
import { openSource } from "../packages/server/src/import/whaticket/source/open-source.js";
import { whaticketSchema } from "../packages/server/src/test/whaticket/whaticket-schema.js";
import { adminQuery } from "../packages/server/src/test/test-database.js";
import { writeResult } from "./support/stats.js";

const serverUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const tickets = Number(process.env.BENCH_WT_TICKETS ?? 100_000);
const messages = Number(process.env.BENCH_WT_MESSAGES ?? 1_000_000);
const contacts = Math.max(1, Math.round(tickets / 2));
/** Contacts whose number repeats an earlier one, spelled "+55 …": the importer merges them. */
const duplicates = Math.max(1, Math.round(contacts / 100));
const targetSeconds = 300;

function databaseUrl(name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Everything server-side with generate_series: a minute or less for 1M messages. */
async function generateWhaticket(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url, options: "-c TimeZone=UTC" });
  await client.connect();
  try {
    for (const statement of whaticketSchema("postgres")) await client.query(statement);
    const t0 = "timestamptz '2024-01-01 00:00:00+00'";
    // A real bcrypt hash of "123456" (cost 8): all bench users share it.
    const hash = "$2b$08$DW8YoKKEFFoIv7s1sHisceR/1qsodEBYVe5Bg9MQuN/u8Ak9s/TXC";
    await client.query(`insert into "Whatsapps" (name, "isDefault", status, "createdAt", "updatedAt") values ('Main', true, 'CONNECTED', ${t0}, ${t0}), ('Second', false, 'qrcode', ${t0}, ${t0})`);
    await client.query(`insert into "Queues" (name, color, "createdAt", "updatedAt") select 'Queue ' || g, '#' || lpad(to_hex(g * 1000003 % 16777215), 6, '0'), ${t0}, ${t0} from generate_series(1, 4) g`);
    await client.query(`insert into "WhatsappQueues" ("whatsappId", "queueId", "createdAt", "updatedAt") select 1, g, ${t0}, ${t0} from generate_series(1, 4) g`);
    await client.query(
      `insert into "Users" (name, email, "passwordHash", profile, "createdAt", "updatedAt")
       select 'Agent ' || g, 'agent' || g || '@bench.test', $1, case when g = 1 then 'admin' else 'user' end, ${t0}, ${t0} from generate_series(1, 20) g`,
      [hash],
    );
    await client.query(`insert into "UserQueues" ("userId", "queueId", "createdAt", "updatedAt") select g, 1 + g % 4, ${t0}, ${t0} from generate_series(1, 20) g`);
    await client.query(
      `insert into "Contacts" (name, number, email, "createdAt", "updatedAt")
       select 'Customer ' || g, (5511900000000 + g)::text, '', ${t0}, ${t0} from generate_series(1, ${contacts}) g`,
    );
    await client.query(
      `insert into "Contacts" (name, number, email, "createdAt", "updatedAt")
       select 'Customer ' || g || ' (copy)', '+55 ' || (11900000000 + g)::text, '', ${t0}, ${t0} from generate_series(1, ${duplicates}) g`,
    );
    await client.query(`insert into "ContactCustomFields" (name, value, "contactId", "createdAt", "updatedAt") select 'Customer since', '2020', g, ${t0}, ${t0} from generate_series(1, ${contacts}) g`);
    // The last tenth of the tickets are active; owners only on open ones; every tenth ticket has no queue.
    await client.query(
      `insert into "Tickets" (status, "lastMessage", "contactId", "userId", "whatsappId", "isGroup", "unreadMessages", "queueId", "createdAt", "updatedAt")
       select s.status, 'last', 1 + (g - 1) % ${contacts + duplicates}, case when s.status = 'open' then 1 + g % 20 end, 1 + g % 2, false, 0,
              case when g % 10 = 0 then null else 1 + g % 4 end,
              ${t0} + (g * ${Math.floor(messages / tickets)}) * interval '1 second', ${t0} + ((g + 1) * ${Math.floor(messages / tickets)}) * interval '1 second'
       from generate_series(1, ${tickets}) g,
            lateral (select case when g > ${tickets * 0.9} then (case when g % 2 = 0 then 'open' else 'pending' end) else 'closed' end as status) s`,
    );
    // Messages in time order, ten per ticket, WhatsApp-like ids (random order against time); every
    // hundredth an image whose file is not there (no --media): counted missing; every fiftieth quotes the one before.
    await client.query(
      `insert into "Messages" (id, body, ack, read, "mediaType", "mediaUrl", "ticketId", "fromMe", "isDeleted", "contactId", "quotedMsgId", "createdAt", "updatedAt")
       select upper(md5(g::text)), 'Message ' || g || ': hello, I would like to know the status of my order, thanks',
              case when g % 2 = 0 then 3 else 0 end, g % 7 <> 0, case when g % 100 = 0 then 'image' else 'chat' end,
              case when g % 100 = 0 then 'img-' || g || '.jpg' end, t, g % 2 = 0, false, 1 + (t - 1) % ${contacts + duplicates},
              case when g % 50 = 0 then upper(md5((g - 1)::text)) end,
              ${t0} + g * interval '1 second', ${t0} + g * interval '1 second'
       from generate_series(1, ${messages}) g, lateral (select 1 + (g - 1) / ${Math.floor(messages / tickets)} as t) x`,
    );
    await client.query(`insert into "QuickAnswers" (shortcut, message, "createdAt", "updatedAt") select 'answer' || g, 'Quick answer ' || g, ${t0}, ${t0} from generate_series(1, 50) g`);
    await client.query(`insert into "Settings" (key, value, "createdAt", "updatedAt") values ('userCreation', 'disabled', ${t0}, ${t0})`);
    await client.query("analyze");
  } finally {
    await client.end();
  }
}

const sourceTables = ["Whatsapps", "Queues", "WhatsappQueues", "Users", "UserQueues", "Contacts", "ContactCustomFields", "Tickets", "Messages", "QuickAnswers", "Settings"];
const targetOf: Record<string, string> = {
  Whatsapps: "connections",
  Queues: "queues",
  WhatsappQueues: "connections",
  Users: "users",
  UserQueues: "user_queues",
  Contacts: "contacts",
  ContactCustomFields: "contact_custom_fields",
  Tickets: "tickets",
  Messages: "messages",
  QuickAnswers: "quick_answers",
  Settings: "settings",
};

async function count(url: string, sql: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return Number((await client.query<{ n: string }>(sql)).rows[0]!.n);
  } finally {
    await client.end();
  }
}

async function importOnce(sourceUrl: string, targetUrl: string) {
  const source = await openSource(sourceUrl);
  try {
    const started = performance.now();
    const result = await runImport({ source, targetUrl, dryRun: false, batchSize: 10_000, mediaDir: "/tmp/atendo-bench-whaticket-media", progressOut: process.stderr });
    return { seconds: (performance.now() - started) / 1000, report: result.report };
  } finally {
    await source.close();
  }
}

async function main(): Promise<void> {
  const suffix = `${process.pid}_${randomBytes(3).toString("hex")}`;
  const sourceName = `whaticket_bench_${suffix}`;
  const targetName = `atendo_wt_bench_${suffix}`;
  await adminQuery(serverUrl, `create database ${sourceName}`);
  await adminQuery(serverUrl, `create database ${targetName}`);
  const sourceUrl = databaseUrl(sourceName);
  const targetUrl = databaseUrl(targetName);
  try {
    let started = performance.now();
    await generateWhaticket(sourceUrl);
    console.log(`generated Whaticket database: ${tickets} tickets, ${messages} messages in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    const target = openDatabase({ url: targetUrl, poolSize: 1 });
    await target.migrate();
    await target.close();

    const first = await importOnce(sourceUrl, targetUrl);
    const sourceRows = sourceTables.reduce((sum, table) => sum + first.report.table(table).read, 0);
    console.log(`\nfirst run: ${first.seconds.toFixed(1)} s, ${Math.round(sourceRows / first.seconds)} source rows/s, ${Math.round(messages / first.seconds)} messages/s (target ≤ ${targetSeconds} s)\n`);

    const rows = [];
    for (const table of sourceTables) {
      const t = first.report.table(table);
      const skipped = [...t.skipped.values()].reduce((a, b) => a + b, 0);
      rows.push({
        source: table,
        sourceRows: await count(sourceUrl, `select count(*) as n from "${table}"`),
        imported: t.imported,
        merged: t.merged,
        skipped,
        mapped: await count(targetUrl, `select count(*) as n from import_mappings where source_table = '${table}'`),
        target: targetOf[table],
        targetRows: await count(targetUrl, `select count(*) as n from ${targetOf[table]}`),
      });
    }
    console.table(rows);
    const quotes = {
      source: await count(sourceUrl, `select count(*) as n from "Messages" where "quotedMsgId" is not null`),
      target: await count(targetUrl, "select count(*) as n from messages where quoted_msg_id is not null"),
    };
    console.log(`messages quoting another: ${quotes.source} in Whaticket, ${quotes.target} in Atendo`);
    for (const line of first.report.lines(false)) if (line.startsWith(" ")) console.log(line);

    started = performance.now();
    const second = await importOnce(sourceUrl, targetUrl);
    console.log(`\nsecond run: ${second.seconds.toFixed(1)} s, rows imported or merged: ${second.report.totalImported()}`);
    writeResult("whaticket-import", {
      tickets,
      messages,
      firstRunSeconds: Number(first.seconds.toFixed(1)),
      sourceRowsPerSecond: Math.round(sourceRows / first.seconds),
      messagesPerSecond: Math.round(messages / first.seconds),
      tables: rows,
      quotes,
      secondRunSeconds: Number(second.seconds.toFixed(1)),
      secondRunImported: second.report.totalImported(),
    });
    if (first.seconds > targetSeconds) process.exitCode = 1;
  } finally {
    await adminQuery(serverUrl, `drop database if exists ${sourceName} with (force)`);
    await adminQuery(serverUrl, `drop database if exists ${targetName} with (force)`);
  }
}

await main();
