import type { Ura, UraItem } from "@atendo/contracts";
import { asc, inArray } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { uraItems, type uras } from "../../db/schema/index.js";

export type UraRow = typeof uras.$inferSelect;
type UraItemRecord = typeof uraItems.$inferSelect;

function presentItem(row: UraItemRecord): UraItem {
  return {
    id: row.id,
    uraId: row.uraId,
    selector: row.selector,
    menuName: row.menuName,
    destination: { destinationType: row.destinationType, destinationTypeId: row.destinationId },
  };
}

/** Menus with their options in the order the admin gave them, in one query for the options. */
export async function presentUras(db: Db, rows: readonly UraRow[]): Promise<Ura[]> {
  const ids = rows.map((row) => row.id);
  const items = ids.length === 0 ? [] : await db.select().from(uraItems).where(inArray(uraItems.uraId, ids)).orderBy(asc(uraItems.position), asc(uraItems.id));
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    description: row.description,
    directDial: row.directDial,
    uraItems: items.filter((item) => item.uraId === row.id).map(presentItem),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }));
}

export async function presentUra(db: Db, row: UraRow): Promise<Ura> {
  const [ura] = await presentUras(db, [row]);
  if (!ura) throw new Error("unreachable: one row in, one menu out");
  return ura;
}

