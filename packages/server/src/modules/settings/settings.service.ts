import type { Setting, SettingKey } from "@atendo/contracts";
import {
  auditRetentionDays,
  connectionAlertMinutes,
  customerLanguages,
  defaultOptOutKeywords,
  optOutKeywordsSetting,
  settingKeys,
  twoFactorRequiredValues,
  userCreationValues,
} from "@atendo/contracts";
import { eq, inArray } from "drizzle-orm";
import type { AppContext } from "../../context.js";
import { settings } from "../../db/schema/index.js";
import { AppError } from "../../core/app-error.js";
import type { Actor } from "../../core/actor.js";
import { newOpaqueToken } from "../auth/tokens.js";
import { assertCanManageSettings } from "./settings.policy.js";

type SettingRow = typeof settings.$inferSelect;

function present(row: SettingRow): Setting {
  return { key: row.key, value: row.value, updatedAt: row.updatedAt.toISOString() };
}

/** Inserts the default of every setting that does not exist yet (first start, new keys). */
export async function seedSettings(ctx: AppContext): Promise<void> {
  await ctx.db
    .insert(settings)
    .values([
      { key: "userCreation", value: "disabled" },
      { key: "userApiToken", value: newOpaqueToken() },
      // Empty: not chosen yet, routing writes in English (customer-language.ts).
      { key: "customerLanguage", value: ctx.config.CUSTOMER_LANGUAGE ?? "" },
      { key: "optOutKeywords", value: defaultOptOutKeywords },
      { key: "connectionAlertMinutes", value: String(connectionAlertMinutes.default) },
      { key: "twoFactorRequired", value: "disabled" },
      { key: "auditRetentionDays", value: String(auditRetentionDays.default) },
    ])
    .onConflictDoNothing();
}

export async function getSettingValue(ctx: AppContext, key: SettingKey): Promise<string | undefined> {
  const [row] = await ctx.db.select().from(settings).where(eq(settings.key, key)).limit(1);
  return row?.value;
}

export async function listSettings(ctx: AppContext, actor: Actor): Promise<Setting[]> {
  assertCanManageSettings(actor);
  const rows = await ctx.db
    .select()
    .from(settings)
    .where(inArray(settings.key, [...settingKeys]))
    .orderBy(settings.key);
  return rows.map(present);
}

function wholeNumberIn(value: string, range: { min: number; max: number }): string {
  const number = /^[0-9]{1,4}$/.test(value) ? Number(value) : Number.NaN;
  if (!(number >= range.min && number <= range.max)) throw new AppError("ERR_MISSING_VALUES");
  return String(number);
}

function validValue(key: SettingKey, value: string): string {
  if (key === "userApiToken") return newOpaqueToken(); // read-only: a PUT regenerates it
  if (key === "optOutKeywords") {
    const keywords = optOutKeywordsSetting.safeParse(value);
    if (!keywords.success) throw new AppError("ERR_MISSING_VALUES");
    return keywords.data;
  }
  if (key === "connectionAlertMinutes") return wholeNumberIn(value, connectionAlertMinutes);
  if (key === "auditRetentionDays") return wholeNumberIn(value, auditRetentionDays);
  const allowed: readonly string[] =
    key === "customerLanguage" ? customerLanguages : key === "twoFactorRequired" ? twoFactorRequiredValues : userCreationValues;
  if (!allowed.includes(value)) throw new AppError("ERR_MISSING_VALUES");
  return value;
}

export async function updateSetting(ctx: AppContext, actor: Actor, key: string, value: string): Promise<Setting> {
  assertCanManageSettings(actor);
  if (!(settingKeys as readonly string[]).includes(key)) throw new AppError("ERR_NO_SETTING_FOUND");
  const settingKey = key as SettingKey;
  const [row] = await ctx.db
    .update(settings)
    .set({ value: validValue(settingKey, value), updatedAt: new Date() })
    .where(eq(settings.key, settingKey))
    .returning();
  if (!row) throw new AppError("ERR_NO_SETTING_FOUND");
  const setting = present(row);
  await ctx.events.emit("settings.changed", { event: { action: "update", setting: { key: setting.key, value: setting.value } } });
  return setting;
}
