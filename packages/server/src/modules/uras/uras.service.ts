import type { createUraBody, Ura, updateUraBody } from "@atendo/contracts";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { z } from "zod";
import type { AppContext } from "../../context.js";
import type { Db } from "../../db/client.js";
import { insertRow, updateRow } from "../../db/row-writes.js";
import { uraItems, uras } from "../../db/schema/index.js";
import { AppError } from "../../core/app-error.js";
import type { Actor } from "../../core/actor.js";
import { domainEvent } from "../../events/domain-events.js";
import { assertDestination } from "../destinations/destinations.service.js";
import { deleteStage } from "../destinations/stages.service.js";
import { planUraItems, type UraItemPlan, type UraItemRow } from "./ura-item-plan.js";
import { presentUra, presentUras, type UraRow } from "./ura.presenter.js";
import { assertCanManageUras } from "./ura.policy.js";

type CreateUra = z.output<typeof createUraBody>;
type UpdateUra = z.output<typeof updateUraBody>;

async function findUra(db: Db, id: number): Promise<UraRow> {
  const [row] = await db.select().from(uras).where(eq(uras.id, id)).limit(1);
  if (!row) throw new AppError("ERR_NO_URA_FOUND");
  return row;
}

/** The menu's own columns, from either form (its options are written apart). */
function fields(body: CreateUra | UpdateUra) {
  return { name: body.name, description: body.description, directDial: body.directDial };
}

function itemFields(row: UraItemRow, position: number) {
  return {
    selector: row.selector,
    menuName: row.menuName,
    destinationType: row.destinationType,
    destinationId: row.destinationTypeId,
    position,
  };
}

/** Every destination the save writes must exist (each one checked once). */
async function assertItemDestinations(tx: Db, plan: UraItemPlan): Promise<void> {
  const rows = [...plan.create, ...plan.update].map((entry) => entry.row);
  const distinct = new Map(rows.map((row) => [`${row.destinationType}:${row.destinationTypeId}`, row]));
  for (const row of distinct.values()) await assertDestination(tx, row.destinationType, row.destinationTypeId);
}

/**
 * Writes a plan in one transaction. The selector index is not deferrable, so two options swapping
 * selectors would collide half-way: the updated options first take a placeholder longer than any
 * selector (3+ characters, never a real one), then their new values.
 */
async function writeItems(tx: Db, uraId: number, plan: UraItemPlan): Promise<void> {
  const now = new Date();
  if (plan.remove.length > 0) await tx.delete(uraItems).where(and(eq(uraItems.uraId, uraId), inArray(uraItems.id, plan.remove)));
  const updatedIds = plan.update.map((entry) => entry.id);
  if (updatedIds.length > 0) await tx.update(uraItems).set({ selector: sql`'~~' || ${uraItems.id}` }).where(inArray(uraItems.id, updatedIds));
  for (const { id, row, position } of plan.update) {
    await tx.update(uraItems).set({ ...itemFields(row, position), updatedAt: now }).where(eq(uraItems.id, id));
  }
  for (const { id, position } of plan.move) await tx.update(uraItems).set({ position }).where(eq(uraItems.id, id));
  if (plan.create.length > 0) await tx.insert(uraItems).values(plan.create.map(({ row, position }) => ({ uraId, ...itemFields(row, position) })));
}

export async function listUras(ctx: AppContext, actor: Actor): Promise<Ura[]> {
  assertCanManageUras(actor);
  const rows = await ctx.db.select().from(uras).orderBy(asc(sql`lower(${uras.name})`), asc(uras.id));
  return presentUras(ctx.db, rows);
}

export async function getUra(ctx: AppContext, actor: Actor, id: number): Promise<Ura> {
  assertCanManageUras(actor);
  return presentUra(ctx.db, await findUra(ctx.db, id));
}

export async function createUra(ctx: AppContext, actor: Actor, body: CreateUra): Promise<Ura> {
  assertCanManageUras(actor);
  const plan = planUraItems(body.uraItems, null);
  const row = await ctx.db.transaction(async (tx) => {
    await assertItemDestinations(tx, plan);
    const inserted = await insertRow(tx, uras, fields(body));
    await writeItems(tx, inserted.id, plan);
    return inserted;
  });
  const ura = await presentUra(ctx.db, row);
  await ctx.events.emit("ura.changed", { event: { action: "create", ura } });
  return ura;
}

/**
 * Saves the form and its options' changes (spec §4) at once. The menu row is locked first so two
 * saves of one menu take turns (each plans against the options the other left); "no key update"
 * does not hold up saves that merely point at this menu.
 */
export async function updateUra(ctx: AppContext, actor: Actor, id: number, body: UpdateUra): Promise<Ura> {
  assertCanManageUras(actor);
  await findUra(ctx.db, id);
  const row = await ctx.db.transaction(async (tx) => {
    const [locked] = await tx.select({ id: uras.id }).from(uras).where(eq(uras.id, id)).for("no key update");
    if (!locked) throw new AppError("ERR_NO_URA_FOUND");
    const saved = await tx.select({ id: uraItems.id, selector: uraItems.selector, position: uraItems.position }).from(uraItems).where(eq(uraItems.uraId, id));
    const plan = planUraItems(body.uraItems, saved);
    await assertItemDestinations(tx, plan);
    await writeItems(tx, id, plan);
    return updateRow(tx, uras, id, fields(body), "ERR_NO_URA_FOUND");
  });
  const ura = await presentUra(ctx.db, row);
  await ctx.events.emit("ura.changed", { event: { action: "update", ura } });
  return ura;
}

/**
 * Refused while a connection, another menu or an announcement leads here (409
 * ERR_DESTINATION_IN_USE); its own options go with it, and the customers waiting in it move on to
 * the connection's fallback, told so (deleteStage).
 */
export async function deleteUra(ctx: AppContext, actor: Actor, id: number): Promise<void> {
  assertCanManageUras(actor);
  await deleteStage(ctx, "uras", id, domainEvent("ura.changed", { event: { action: "delete", uraId: id } }));
}
