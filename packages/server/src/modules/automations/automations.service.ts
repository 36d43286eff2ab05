import { automationLimits, type AutomationRule, type AutomationRun } from "@atendo/contracts";
import { asc, desc, eq, sql } from "drizzle-orm";
import { randomBytes } from "node:crypto";
import type { AppContext } from "../../context.js";
import type { Db } from "../../db/client.js";
import { insertRow, updateRow } from "../../db/row-writes.js";
import { automationRules, automationRuns } from "../../db/schema/index.js";
import { AppError } from "../../core/app-error.js";
import type { Actor } from "../../core/actor.js";
import { assertCanManageAutomations } from "./automation.policy.js";
import { presentAutomation, presentRun, type AutomationRuleRow } from "./automation.presenter.js";
import { assertReferences, type AutomationForm } from "./automation-refs.js";

async function findRule(db: Db, id: number): Promise<AutomationRuleRow> {
  const [row] = await db.select().from(automationRules).where(eq(automationRules.id, id)).limit(1);
  if (!row) throw new AppError("ERR_NO_AUTOMATION_FOUND");
  return row;
}

function fields(body: AutomationForm) {
  return {
    name: body.name,
    enabled: body.enabled,
    trigger: body.trigger,
    idleMinutes: body.trigger === "ticketIdle" ? body.idleMinutes : null,
    conditions: body.conditions,
    actions: body.actions,
  };
}

/**
 * Puts rule `id` at `position` (clamped to the end) and numbers every rule 0, 1, 2… in order: the
 * order rules run in and the list shows. Serialised by a lock on the table's rows (two admins
 * reordering at once end in one order, not a mix).
 */
async function place(tx: Db, id: number, position: number): Promise<void> {
  const rows = await tx.select({ id: automationRules.id }).from(automationRules).orderBy(asc(automationRules.position), asc(automationRules.id)).for("update");
  const order = rows.map((row) => row.id).filter((other) => other !== id);
  order.splice(Math.min(position, order.length), 0, id);
  const values = sql.join(
    order.map((ruleId, index) => sql`(${ruleId}::integer, ${index}::integer)`),
    sql`, `,
  );
  await tx.execute(sql`update automation_rules r set position = v.position from (values ${values}) as v(id, position) where r.id = v.id and r.position <> v.position`);
}

export async function listAutomations(ctx: AppContext, actor: Actor): Promise<AutomationRule[]> {
  assertCanManageAutomations(actor);
  const rows = await ctx.db.select().from(automationRules).orderBy(asc(automationRules.position), asc(automationRules.id));
  return rows.map(presentAutomation);
}

export async function getAutomation(ctx: AppContext, actor: Actor, id: number): Promise<AutomationRule> {
  assertCanManageAutomations(actor);
  return presentAutomation(await findRule(ctx.db, id));
}

export async function createAutomation(ctx: AppContext, actor: Actor, body: AutomationForm): Promise<AutomationRule> {
  assertCanManageAutomations(actor);
  await assertReferences(ctx, body);
  const row = await ctx.db.transaction(async (tx) => {
    const inserted = await insertRow(tx, automationRules, { ...fields(body), position: 1_000_000, webhookSecret: randomBytes(24).toString("hex") });
    await place(tx, inserted.id, body.position ?? Number.MAX_SAFE_INTEGER);
    return findRule(tx, inserted.id);
  });
  const automation = presentAutomation(row);
  await ctx.events.emit("automation.changed", { event: { action: "create", automation } });
  return automation;
}

export async function updateAutomation(ctx: AppContext, actor: Actor, id: number, body: AutomationForm): Promise<AutomationRule> {
  assertCanManageAutomations(actor);
  await findRule(ctx.db, id);
  await assertReferences(ctx, body);
  const row = await ctx.db.transaction(async (tx) => {
    await updateRow(tx, automationRules, id, fields(body), "ERR_NO_AUTOMATION_FOUND");
    if (body.position !== undefined) await place(tx, id, body.position);
    return findRule(tx, id);
  });
  const automation = presentAutomation(row);
  await ctx.events.emit("automation.changed", { event: { action: "update", automation } });
  return automation;
}

export async function deleteAutomation(ctx: AppContext, actor: Actor, id: number): Promise<void> {
  assertCanManageAutomations(actor);
  const [gone] = await ctx.db.delete(automationRules).where(eq(automationRules.id, id)).returning({ id: automationRules.id });
  if (!gone) throw new AppError("ERR_NO_AUTOMATION_FOUND");
  await ctx.events.emit("automation.changed", { event: { action: "delete", automationId: id } });
}

/** GET /automations/{id}/runs: the rule's last runs, newest first (at most `automationLimits.runsKept`). */
export async function listAutomationRuns(ctx: AppContext, actor: Actor, id: number): Promise<AutomationRun[]> {
  assertCanManageAutomations(actor);
  await findRule(ctx.db, id);
  const rows = await ctx.db
    .select()
    .from(automationRuns)
    .where(eq(automationRuns.ruleId, id))
    .orderBy(desc(automationRuns.id))
    .limit(automationLimits.runsKept);
  return rows.map(presentRun);
}
