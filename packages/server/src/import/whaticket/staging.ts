import type pg from "pg";

/**
 * Session-local tables each batch is COPYed into before one INSERT … SELECT joins it with the
 * mapping table (docs/decisions/0049). Temporary: nothing of them outlives the import's session.
 */
const stagingTables = {
  stage_contacts: ["ord int", "source_id text", "name text", "number text", "email text", "profile_pic_url text", "is_group boolean", "created_at timestamptz", "updated_at timestamptz"],
  stage_contact_fields: ["ord int", "source_id text", "contact_source_id text", "name text", "value text"],
  stage_tickets: [
    "ord int",
    "source_id text",
    "status text",
    "source_status text",
    "contact_source_id text",
    "connection_source_id text",
    "user_source_id text",
    "queue_source_id text",
    "last_message text",
    "unread int",
    "is_group boolean",
    "created_at timestamptz",
    "updated_at timestamptz",
  ],
  stage_messages: [
    "ord int",
    "source_id text",
    "ticket_source_id text",
    "body text",
    "from_me boolean",
    "read boolean",
    "media_type text",
    "media_name text",
    "mime_type text",
    "file_name text",
    "ack smallint",
    "is_deleted boolean",
    "quoted_source_id text",
    "contact_source_id text",
    "user_source_id text",
    "created_at timestamptz",
    "updated_at timestamptz",
  ],
} as const;

export type StagingTable = keyof typeof stagingTables;

export function stagingColumns(table: StagingTable): string[] {
  return stagingTables[table].map((column) => column.split(" ")[0]!);
}

export async function createStagingTables(client: pg.Client): Promise<void> {
  for (const [name, columns] of Object.entries(stagingTables)) {
    await client.query(`create temp table if not exists ${name} (${columns.join(", ")})`);
  }
}
