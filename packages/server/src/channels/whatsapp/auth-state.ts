/**
 * Baileys' AuthenticationState kept in the database instead of the file system, so a session
 * survives restarts and any instance can pick a connection up. Credentials are one row per
 * connection; signal keys are one row each (Baileys reads and writes them a few at a time, and a
 * growing blob would be rewritten on every message).
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import {
  BufferJSON,
  initAuthCreds,
  WAProto,
  type AuthenticationCreds,
  type AuthenticationState,
  type SignalDataSet,
  type SignalDataTypeMap,
} from "baileys";
import type { Db } from "../../db/client.js";
import { whatsappAuthCreds, whatsappAuthKeys } from "../../db/schema/connections.js";

/** Rows per statement: 4 parameters a row stays far below PostgreSQL's 65,535 limit. */
const BATCH = 500;

/** `items` in slices of at most BATCH, one statement each. */
function* batches<T>(items: readonly T[]): Generator<T[]> {
  for (let i = 0; i < items.length; i += BATCH) yield items.slice(i, i + BATCH);
}

/** The rows of these signal keys of one type of one connection. */
function keyRows(connectionId: number, type: string, keyIds: string[]) {
  return and(eq(whatsappAuthKeys.connectionId, connectionId), eq(whatsappAuthKeys.type, type), inArray(whatsappAuthKeys.keyId, keyIds));
}

export interface DbAuthState {
  state: AuthenticationState;
  /** Persists the current credentials; calls are serialised so an older write never lands last. */
  saveCreds(): Promise<void>;
  /** Resolves once every credential write started so far has finished (failed ones included). */
  idle(): Promise<void>;
}

/** BufferJSON turns Buffers/Uint8Arrays into {type:"Buffer", data} and back. */
export const serialise = (value: unknown): string => JSON.stringify(value, BufferJSON.replacer);
export const deserialise = <T>(text: string): T => JSON.parse(text, BufferJSON.reviver) as T;

/** Loads (or initialises) the auth state of one connection. */
export async function loadAuthState(db: Db, connectionId: number): Promise<DbAuthState> {
  const [row] = await db
    .select({ creds: whatsappAuthCreds.creds })
    .from(whatsappAuthCreds)
    .where(eq(whatsappAuthCreds.connectionId, connectionId));
  // Fresh credentials are only written on the first creds.update, i.e. once pairing starts.
  const creds: AuthenticationCreds = row ? deserialise<AuthenticationCreds>(row.creds) : initAuthCreds();

  let pending: Promise<void> = Promise.resolve();
  const saveCreds = (): Promise<void> => {
    // Serialise at call time: Baileys mutates creds in place before emitting creds.update.
    const text = serialise(creds);
    const write = async () => {
      await db
        .insert(whatsappAuthCreds)
        .values({ connectionId, creds: text })
        .onConflictDoUpdate({ target: whatsappAuthCreds.connectionId, set: { creds: text, updatedAt: new Date() } });
    };
    // Chained so two saves on different pooled connections cannot commit out of order.
    pending = pending.catch(() => undefined).then(write);
    return pending;
  };

  return {
    state: {
      creds,
      keys: {
        get: (type, ids) => getKeys(db, connectionId, type, ids),
        set: (data) => setKeys(db, connectionId, data),
        clear: async () => {
          await db.delete(whatsappAuthKeys).where(eq(whatsappAuthKeys.connectionId, connectionId));
        },
      },
    },
    saveCreds,
    idle: () => pending.catch(() => undefined),
  };
}

async function getKeys<T extends keyof SignalDataTypeMap>(
  db: Db,
  connectionId: number,
  type: T,
  ids: string[],
): Promise<{ [id: string]: SignalDataTypeMap[T] }> {
  const result: { [id: string]: SignalDataTypeMap[T] } = {};
  for (const batch of batches(ids)) {
    const rows = await db
      .select({ keyId: whatsappAuthKeys.keyId, value: whatsappAuthKeys.value })
      .from(whatsappAuthKeys)
      .where(keyRows(connectionId, type, batch));
    for (const row of rows) {
      let value: unknown = deserialise(row.value);
      // Baileys expects the protobuf class here (as its own file-based store does).
      if (type === "app-state-sync-key" && value) {
        value = WAProto.Message.AppStateSyncKeyData.fromObject(value as object);
      }
      result[row.keyId] = value as SignalDataTypeMap[T];
    }
  }
  // Missing ids are simply absent: that is what Baileys expects of a key store.
  return result;
}

async function setKeys(db: Db, connectionId: number, data: SignalDataSet): Promise<void> {
  const upserts: { connectionId: number; type: string; keyId: string; value: string }[] = [];
  const deletes = new Map<string, string[]>();
  for (const [type, entries] of Object.entries(data)) {
    for (const [keyId, value] of Object.entries(entries ?? {})) {
      if (value === null || value === undefined) {
        deletes.set(type, [...(deletes.get(type) ?? []), keyId]);
      } else {
        upserts.push({ connectionId, type, keyId, value: serialise(value) });
      }
    }
  }
  if (upserts.length === 0 && deletes.size === 0) return;
  // One transaction: Baileys hands over a whole signal transaction's mutations in one set().
  await db.transaction(async (tx) => {
    for (const batch of batches(upserts)) {
      await tx
        .insert(whatsappAuthKeys)
        .values(batch)
        .onConflictDoUpdate({
          target: [whatsappAuthKeys.connectionId, whatsappAuthKeys.type, whatsappAuthKeys.keyId],
          set: { value: sql`excluded.value` },
        });
    }
    for (const [type, keyIds] of deletes) {
      for (const batch of batches(keyIds)) await tx.delete(whatsappAuthKeys).where(keyRows(connectionId, type, batch));
    }
  });
}

/** Forgets a connection's session (logout): the next start needs a new pairing. */
export async function clearAuthState(db: Db, connectionId: number): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(whatsappAuthKeys).where(eq(whatsappAuthKeys.connectionId, connectionId));
    await tx.delete(whatsappAuthCreds).where(eq(whatsappAuthCreds.connectionId, connectionId));
  });
}
