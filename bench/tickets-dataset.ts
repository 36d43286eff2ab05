// The ticket benchmark's dataset on PostgreSQL: a dedicated database, migrated with the server's
// own migrations, then filled with set-based SQL (INSERT … SELECT generate_series) on one session.
// A database generated with the same spec is reused, so the (minutes-long) load runs once.
import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import pg from "pg";
import { openDatabase } from "../packages/server/src/db/client.js";
import { hashPassword } from "../packages/server/src/modules/auth/password.js";
import { adminQuery } from "../packages/server/src/test/test-database.js";
import { firstNames, lastNames, queueNames, words } from "./tickets-words.js";

/** Bump when the generator changes: a stored dataset of another version is regenerated. */
const GENERATOR_VERSION = 5;
/** The attendant the bench logs in as (user id 2): 3 queues, owner of the long tickets. */
export const ATTENDANT_ID = 2;
export const benchPassword = "bench-password";
/**
 * The labels (issue 29) and the share of tickets and contacts carrying each: a common one, an
 * uncommon one and a rare one, so the tag filter is measured where each side of its semi-join wins.
 */
export const benchTags = { common: { id: 1, share: 0.2 }, uncommon: { id: 2, share: 0.03 }, rare: { id: 3, share: 0.002 } } as const;

export interface DatasetSpec {
  /** BENCH_SCALE: multiplies the default tickets, messages, users and queues (10 → 1M tickets, 10M messages, 500 users, 100 queues). */
  scale: number;
  tickets: number;
  messages: number;
  users: number;
  queues: number;
  contacts: number;
  /** Tickets with `longTicketSize` messages each (the 10,000-message conversation of issue 5). */
  longTickets: number;
  longTicketSize: number;
  version: number;
  /** Fingerprint of the server's migrations: a schema or index change regenerates the data. */
  migrations: string;
}

export function datasetSpec(env: NodeJS.ProcessEnv): DatasetSpec {
  const scale = datasetScale(env);
  const tickets = Number(env.BENCH_TICKETS ?? 100_000 * scale);
  const messages = Number(env.BENCH_MESSAGES ?? 1_000_000 * scale);
  const longTickets = tickets >= 1_000 ? 10 : 1;
  // At most a tenth of the messages go to the long tickets.
  const longTicketSize = Math.max(1, Math.min(10_000, Math.floor((messages * 0.1) / longTickets)));
  return {
    scale,
    tickets,
    messages,
    // More attendants for more tickets: each one's own tabs stay the size of a working year.
    users: Number(env.BENCH_USERS ?? 50 * scale),
    // A bigger company has more queues too: each queue's waiting line stays the same size.
    queues: Number(env.BENCH_QUEUES ?? 10 * scale),
    // Every active ticket needs its own contact (one active ticket per contact and connection).
    contacts: Math.max(Math.ceil(tickets * 0.4), Math.ceil(tickets * 0.06) + 1),
    longTickets,
    longTicketSize,
    version: GENERATOR_VERSION,
    migrations: migrationsFingerprint(),
  };
}

/** BENCH_SCALE (default 1): a positive whole number. */
export function datasetScale(env: NodeJS.ProcessEnv): number {
  const scale = Number(env.BENCH_SCALE ?? 1);
  if (!Number.isInteger(scale) || scale < 1) throw new Error(`BENCH_SCALE must be a positive whole number: ${env.BENCH_SCALE}`);
  return scale;
}

function migrationsFingerprint(): string {
  const folder = new URL("../packages/server/src/db/migrations/", import.meta.url);
  const hash = createHash("sha256");
  for (const file of readdirSync(folder).filter((name) => name.endsWith(".sql")).sort()) {
    hash.update(file).update(readFileSync(new URL(file, folder)));
  }
  return hash.digest("hex").slice(0, 16);
}

export interface Dataset {
  url: string;
  reused: boolean;
  generateSeconds: number;
  counts: Record<string, number>;
}

interface Step {
  label: string;
  sql: string;
  params?: unknown[];
}

function steps(spec: DatasetSpec, passwordHash: string): Step[] {
  const { tickets: T, users: U, queues: Q, contacts: C } = spec;
  // 5 % of tickets are active (60 % of them pending), the rest closed: an established company.
  const active = Math.ceil(T * 0.05);
  const phrases = 5_000;
  return [
    {
      label: "queues",
      // 1234567 is odd, so n·1234567 mod 2^24 never repeats: unique colours.
      // Past the list of names, "Vendas 2", "Suporte 2", …
      sql: `insert into queues (id, name, color, greeting_message)
        select n, ($1::text[])[1 + (n - 1) % ${queueNames.length}] || case when n > ${queueNames.length} then ' ' || (1 + (n - 1) / ${queueNames.length}) else '' end,
          '#' || upper(lpad(to_hex((n * 1234567) % 16777216), 6, '0')), ''
        from generate_series(1, ${Q}) n`,
      params: [queueNames],
    },
    {
      label: "users (1 admin, the rest attendants in 1–3 queues)",
      sql: `insert into users (id, name, email, password_hash, profile)
        select n, case when n = 1 then 'Bench Admin' else 'Attendant ' || n end,
          case when n = 1 then 'admin@bench.local' else 'user' || n || '@bench.local' end,
          $1, case when n = 1 then 'admin' else 'user' end
        from generate_series(1, ${U}) n`,
      params: [passwordHash],
    },
    {
      label: "queue memberships",
      sql: `insert into user_queues (user_id, queue_id)
        select u, 1 + (u + j * 3) % ${Q} from generate_series(2, ${U}) u, generate_series(0, 2) j
        where j <= u % 3 on conflict do nothing`,
    },
    {
      label: "connections",
      sql: `insert into connections (id, name, kind, status, is_default, destination_type, destination_id, api_token)
        values (1, 'Atendimento', 'api', 'CONNECTED', true, 'queue', 1, md5(random()::text)),
               (2, 'Vendas', 'api', 'CONNECTED', false, 'queue', 1, md5(random()::text))`,
    },
    {
      label: `contacts (${C})`,
      sql: `insert into contacts (id, name, number)
        select n, ($1::text[])[1 + n % ${firstNames.length}] || ' ' || ($2::text[])[1 + (n / ${firstNames.length}) % ${lastNames.length}]
            || ' ' || ($2::text[])[1 + (n * 7) % ${lastNames.length}],
          '5511' || lpad((900000000 + n)::text, 9, '0')
        from generate_series(1, ${C}) n`,
      params: [firstNames, lastNames],
    },
    {
      label: `tickets (${T}, ${active} active)`,
      // Ids follow time: the oldest closed first, the active ones last. Consecutive ids have
      // distinct contacts, so the active ones never share a contact.
      sql: `insert into tickets (id, status, contact_id, connection_id, user_id, queue_id, unread_messages, created_at, updated_at, closed_at)
        select n, status, 1 + (n - 1) % ${C}, case when n % 4 = 0 then 2 else 1 end,
          case when status = 'pending' then null else 2 + floor(random() * ${U - 1})::int end,
          case when random() < 0.1 then null else 1 + floor(random() * ${Q})::int end,
          case status when 'pending' then 1 + floor(random() * 5)::int
            when 'open' then case when random() < 0.3 then 1 + floor(random() * 3)::int else 0 end else 0 end,
          at - random() * interval '2 days', at, case when status = 'closed' then at end
        from (select n, case when n <= ${T - active} then 'closed' when random() < 0.6 then 'pending' else 'open' end as status,
            case when n <= ${T - active} then now() - interval '365 days' * ((${T} - n)::float8 / ${T}) - random() * interval '6 hours'
              else now() - random() * interval '3 days' end as at
          from generate_series(1, ${T}) n) g`,
    },
    {
      label: `long tickets (${spec.longTickets} open, owned by user ${ATTENDANT_ID})`,
      sql: `update tickets set user_id = ${ATTENDANT_ID}, created_at = now() - interval '365 days'
        where id in (select id from tickets where status = 'open' order by id limit ${spec.longTickets})`,
    },
    {
      label: "participants (~3 % of tickets)",
      sql: `insert into ticket_participants (ticket_id, user_id, created_at)
        select id, p, created_at from (select id, user_id, created_at, 2 + floor(random() * ${U - 1})::int as p from tickets where random() < 0.03) s
        where p is distinct from user_id on conflict do nothing`,
    },
    {
      label: "tags and their tickets and contacts",
      // `0 * t.id` keeps each draw on its (record, tag) pair: a condition on the VALUES alone is
      // tested once per tag, tagging every record or none.
      sql: `insert into tags (id, name, color) values ${Object.entries(benchTags).map(([name, tag]) => `(${tag.id}, '${name}', '#F44336')`).join(", ")};
        insert into ticket_tags (ticket_id, tag_id)
          select t.id, g.id from tickets t cross join (values ${Object.values(benchTags).map((tag) => `(${tag.id}, ${tag.share})`).join(", ")}) g(id, share) where random() < g.share + 0 * t.id;
        insert into contact_tags (contact_id, tag_id)
          select c.id, g.id from contacts c cross join (values ${Object.values(benchTags).map((tag) => `(${tag.id}, ${tag.share})`).join(", ")}) g(id, share) where random() < g.share + 0 * c.id`,
    },
    {
      label: "phrases",
      sql: `create temp table bench_phrases as
        select p as id, (select string_agg(($1::text[])[1 + floor(random() * array_length($1::text[], 1))::int], ' ')
          from generate_series(1, 3 + p % 12)) as body
        from generate_series(0, ${phrases - 1}) p`,
      params: [words],
    },
    {
      label: "messages per ticket",
      // 1 + a rounded exponential draw: mostly short conversations, a tail of long ones.
      sql: `create temp table bench_sizes as
        select id as ticket_id, case when user_id = ${ATTENDANT_ID} and created_at < now() - interval '300 days' and status = 'open'
          then ${spec.longTicketSize} else 1 + floor(0.5 - ln(1 - random()) * ${averageSize(spec) - 1})::int end as msgs
        from tickets`,
    },
    {
      label: "messages",
      // Inserted in time order across tickets, as they arrive in production: a ticket's messages
      // are spread over the table, not packed together. Every seventh carries an order number,
      // which a search can find in a handful of rows.
      sql: `insert into messages (ticket_id, connection_id, external_id, body, from_me, read, media_type, media_name, mime_type, ack, user_id, created_at, updated_at)
        select ticket_id, connection_id, external_id, body, from_me, read, media_type,
          case media_type when 'image' then external_id || '.jpg' when 'audio' then external_id || '.mp3' end,
          case media_type when 'image' then 'image/jpeg' when 'audio' then 'audio/mpeg' end,
          case when from_me then 3 + (n % 2) else 0 end, case when from_me then user_id end, at, at
        from (select t.id as ticket_id, t.connection_id, t.user_id, g.n, 'bench-' || t.id || '-' || g.n as external_id,
            p.body || case when g.n % 7 = 3 then ' pedido ' || lpad(((t.id::bigint * 7919 + g.n * 104729) % 1000000)::text, 6, '0') else '' end as body,
            g.n % 3 = 0 and g.n <= s.msgs - t.unread_messages as from_me,
            g.n <= s.msgs - t.unread_messages as read,
            case when g.n % 50 = 7 then 'image' when g.n % 97 = 5 then 'audio' else 'chat' end as media_type,
            t.created_at + (t.updated_at - t.created_at) * (g.n::float8 / s.msgs) as at
          from tickets t join bench_sizes s on s.ticket_id = t.id
          cross join lateral generate_series(1, s.msgs) g(n)
          join bench_phrases p on p.id = (t.id * 7 + g.n * 13) % ${phrases}) m
        order by at`,
    },
    {
      // What the message writers keep (docs/decisions/0039): the team's first answer, for the reports.
      label: "first response of each ticket",
      sql: `update tickets t set first_response_at = f.at
        from (select ticket_id, min(created_at) as at from messages where from_me and media_type <> 'chat-automatic' group by ticket_id) f
        where f.ticket_id = t.id`,
    },
    {
      // SLA targets (issue 30): two active tickets in three have due times, as if their queues set
      // targets (15 min to answer, 8 h to resolve), so sort=slaDue reads tickets_sla_due_idx.
      label: "SLA due times of active tickets",
      sql: `update tickets set first_response_due_at = created_at + interval '15 minutes', resolution_due_at = created_at + interval '8 hours'
        where status in ('pending', 'open') and id % 3 <> 0`,
    },
    {
      label: "last message of each ticket",
      sql: `update tickets t set last_message = m.body
        from (select distinct on (ticket_id) ticket_id, body from messages order by ticket_id, id desc) m where m.ticket_id = t.id`,
    },
    {
      label: "sequences",
      sql: ["users", "queues", "contacts", "connections", "tickets", "tags"]
        .map((table) => `select setval(pg_get_serial_sequence('${table}', 'id'), (select max(id) from ${table}))`)
        .join(";\n"),
    },
  ];
}

function averageSize(spec: DatasetSpec): number {
  const rest = spec.messages - spec.longTickets * spec.longTicketSize;
  return Math.max(1, rest / Math.max(1, spec.tickets - spec.longTickets));
}

/** Secondary indexes (not backing a constraint) of the bulk-loaded tables: dropped, then rebuilt once. */
const indexesSql = `select pg_get_indexdef(i.indexrelid) as def, i.indexrelid::regclass::text as name
  from pg_index i where i.indrelid in ('messages'::regclass, 'tickets'::regclass, 'contacts'::regclass)
  and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid)`;

/** The bench database, generated unless one with the same spec exists (BENCH_REGENERATE=1 forces it). */
export async function ensureDataset(serverUrl: string, name: string, spec: DatasetSpec, force: boolean): Promise<Dataset> {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const specText = JSON.stringify(spec);
  const stored = force ? undefined : await storedSpec(url.toString());
  if (stored !== undefined && sameData(stored, spec)) {
    console.log(`reusing database ${name} (${spec.tickets} tickets, ${spec.messages} messages)`);
    if (stored !== specText) await migrateStored(url.toString(), specText);
    return { url: url.toString(), reused: true, generateSeconds: 0, counts: await countRows(url.toString()) };
  }

  const started = performance.now();
  console.log(`generating database ${name}: ${JSON.stringify(spec)}`);
  await adminQuery(serverUrl, `drop database if exists ${name} with (force)`);
  await adminQuery(serverUrl, `create database ${name}`);
  const database = openDatabase({ url: url.toString(), poolSize: 1 });
  await database.migrate();
  await database.close();

  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    // One session: temp tables, generous sort memory, no fsync wait per statement.
    await client.query("set work_mem = '256MB'; set maintenance_work_mem = '1GB'; set synchronous_commit = off; select setseed(0.42)");
    const indexes = (await client.query<{ def: string; name: string }>(indexesSql)).rows;
    for (const index of indexes) await client.query(`drop index ${index.name}`);
    for (const step of steps(spec, await hashPassword(benchPassword))) {
      const at = performance.now();
      const result = await client.query(step.sql, step.params);
      const rows = Array.isArray(result) ? "" : ` ${result.rowCount ?? 0} rows`;
      console.log(`  ${step.label}:${rows} in ${seconds(at)} s`);
    }
    const at = performance.now();
    for (const index of indexes) await client.query(index.def);
    console.log(`  ${indexes.length} indexes rebuilt in ${seconds(at)} s`);
    const vacuumAt = performance.now();
    await client.query("vacuum analyze");
    console.log(`  vacuum analyze in ${seconds(vacuumAt)} s`);
    await client.query("create table bench_dataset (spec text not null)");
    await client.query("insert into bench_dataset (spec) values ($1)", [specText]);
  } finally {
    await client.end();
  }
  const generateSeconds = Number(seconds(started));
  console.log(`generated in ${generateSeconds} s`);
  return { url: url.toString(), reused: false, generateSeconds, counts: await countRows(url.toString()) };
}

/**
 * Whether a stored dataset holds the rows `spec` asks for, whatever migrations were added since:
 * other work adds migrations all the time, and a 10× dataset takes many minutes to generate.
 */
function sameData(stored: string, spec: DatasetSpec): boolean {
  const { migrations: _ignored, ...wanted } = spec;
  const { migrations: _stored, ...had } = JSON.parse(stored) as DatasetSpec;
  return JSON.stringify(had) === JSON.stringify(wanted);
}

/** Applies the migrations added since generation to the stored rows (indexes are built on them), once. */
async function migrateStored(url: string, specText: string): Promise<void> {
  const at = performance.now();
  const database = openDatabase({ url, poolSize: 1 });
  try {
    await database.migrate();
  } finally {
    await database.close();
  }
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query("vacuum analyze");
    await client.query("update bench_dataset set spec = $1", [specText]);
  } finally {
    await client.end();
  }
  console.log(`  migrations added since generation applied in ${seconds(at)} s`);
}

function seconds(since: number): string {
  return ((performance.now() - since) / 1000).toFixed(1);
}

async function storedSpec(url: string): Promise<string | undefined> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    const result = await client.query<{ spec: string }>("select spec from bench_dataset");
    return result.rows[0]?.spec;
  } catch {
    // No such database, or not one this generator finished: generate it.
    return undefined;
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function countRows(url: string): Promise<Record<string, number>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const result = await client.query<Record<string, string>>(`select
      (select count(*) from tickets) as tickets, (select count(*) from tickets where status = 'pending') as pending,
      (select count(*) from tickets where status = 'open') as open, (select count(*) from messages) as messages,
      (select count(*) from contacts) as contacts, (select count(*) from users) as users,
      (select count(*) from ticket_participants) as participants, (select count(*) from ticket_tags) as ticket_tags,
      pg_total_relation_size('messages') as messages_bytes, pg_database_size(current_database()) as database_bytes`);
    return Object.fromEntries(Object.entries(result.rows[0] ?? {}).map(([key, value]) => [key, Number(value)]));
  } finally {
    await client.end();
  }
}
