import type { createMonitoringBody, Monitoring } from "@atendo/contracts";
import { asc, eq, sql } from "drizzle-orm";
import type { z } from "zod";
import type { AppContext } from "../../context.js";
import type { Db } from "../../db/client.js";
import { insertRow, updateRow } from "../../db/row-writes.js";
import { monitorings } from "../../db/schema/index.js";
import { AppError } from "../../core/app-error.js";
import type { Actor } from "../../core/actor.js";
import { domainEvent } from "../../events/domain-events.js";
import { assertDestination } from "../destinations/destinations.service.js";
import { deleteStage } from "../destinations/stages.service.js";
import { assertCanManageMonitorings } from "./monitoring.policy.js";
import { monitoringsWhere } from "./monitoring.presenter.js";

/** POST and PUT take the whole form (its `user` and `queue` objects are not read). */
type MonitoringForm = z.output<typeof createMonitoringBody>;

async function findMonitoring(db: Db, id: number): Promise<Monitoring> {
  const [found] = await monitoringsWhere(db, eq(monitorings.id, id));
  if (!found) throw new AppError("ERR_NO_MONITORING_FOUND");
  return found;
}

/**
 * The owner is an active user (404 ERR_NO_USER_FOUND), the queue, when given, exists (404
 * ERR_QUEUE_NOT_FOUND); both held like destinations, so neither is removed before the save commits.
 */
async function holdOwnerAndQueue(tx: Db, body: MonitoringForm): Promise<void> {
  await assertDestination(tx, "users", body.userId, "ERR_NO_USER_FOUND");
  if (body.queueId !== null) await assertDestination(tx, "queue", body.queueId, "ERR_QUEUE_NOT_FOUND");
}

function fields(body: MonitoringForm) {
  return { name: body.name, status: body.status, userId: body.userId, queueId: body.queueId };
}

export async function listMonitorings(ctx: AppContext, actor: Actor): Promise<Monitoring[]> {
  assertCanManageMonitorings(actor);
  return monitoringsWhere(ctx.db, undefined, [asc(sql`lower(${monitorings.name})`), asc(monitorings.id)]);
}

export async function getMonitoring(ctx: AppContext, actor: Actor, id: number): Promise<Monitoring> {
  assertCanManageMonitorings(actor);
  return findMonitoring(ctx.db, id);
}

export async function createMonitoring(ctx: AppContext, actor: Actor, body: MonitoringForm): Promise<Monitoring> {
  assertCanManageMonitorings(actor);
  const id = await ctx.db.transaction(async (tx) => {
    await holdOwnerAndQueue(tx, body);
    return (await insertRow(tx, monitorings, fields(body))).id;
  });
  const monitoring = await findMonitoring(ctx.db, id);
  await ctx.events.emit("monitoring.changed", { event: { action: "create", monitoring } });
  return monitoring;
}

export async function updateMonitoring(ctx: AppContext, actor: Actor, id: number, body: MonitoringForm): Promise<Monitoring> {
  assertCanManageMonitorings(actor);
  await findMonitoring(ctx.db, id);
  await ctx.db.transaction(async (tx) => {
    await holdOwnerAndQueue(tx, body);
    await updateRow(tx, monitorings, id, fields(body), "ERR_NO_MONITORING_FOUND");
  });
  const monitoring = await findMonitoring(ctx.db, id);
  await ctx.events.emit("monitoring.changed", { event: { action: "update", monitoring } });
  return monitoring;
}

/** Refused while a connection, a menu or an announcement leads here (409 ERR_DESTINATION_IN_USE). */
export async function deleteMonitoring(ctx: AppContext, actor: Actor, id: number): Promise<void> {
  assertCanManageMonitorings(actor);
  await deleteStage(ctx, "monitorings", id, domainEvent("monitoring.changed", { event: { action: "delete", monitoringId: id } }));
}
