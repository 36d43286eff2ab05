import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { connections } from "../../db/schema/index.js";
import type { ConnectionRow } from "../../modules/connections/connection.presenter.js";

/** What a Cloud API connection's driver and webhook need: its Meta ids and secrets (docs/decisions/0088). */
export interface CloudAccount {
  row: ConnectionRow;
  phoneNumberId: string;
  businessAccountId: string;
  accessToken: string;
  appSecret: string;
  verifyToken: string;
}

export function cloudAccountOf(row: ConnectionRow): CloudAccount | null {
  if (row.kind !== "whatsapp_cloud") return null;
  const settings = (row.channelSettings ?? {}) as { phoneNumberId?: string; businessAccountId?: string };
  const secrets = row.channelSecrets ?? {};
  return {
    row,
    phoneNumberId: settings.phoneNumberId ?? "",
    businessAccountId: settings.businessAccountId ?? "",
    accessToken: secrets.accessToken ?? "",
    appSecret: secrets.appSecret ?? "",
    verifyToken: secrets.verifyToken ?? "",
  };
}

/** The Cloud API connection of this id, read fresh (the admin may have replaced a token); null for another kind or none. */
export async function loadCloudAccount(db: Db, connectionId: number): Promise<CloudAccount | null> {
  const [row] = await db
    .select()
    .from(connections)
    .where(and(eq(connections.id, connectionId), eq(connections.kind, "whatsapp_cloud")))
    .limit(1);
  return row ? cloudAccountOf(row) : null;
}
