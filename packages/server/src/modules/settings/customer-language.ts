import { customerLanguages, type Language } from "@atendo/contracts";
import { and, eq } from "drizzle-orm";
import type { AppContext } from "../../context.js";
import type { Db } from "../../db/client.js";
import { settings } from "../../db/schema/index.js";

const isCustomerLanguage = (value: string | undefined): value is Language => (customerLanguages as readonly (string | undefined)[]).includes(value);

/**
 * The language Atendo writes its own texts to customers in: the `customerLanguage` setting; while
 * it is empty, CUSTOMER_LANGUAGE, else English (docs/decisions/0065). Read on `db` (routing's
 * transaction) when a text is written, not on every message.
 */
export async function customerLanguage(ctx: Pick<AppContext, "config">, db: Db): Promise<Language> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, "customerLanguage")).limit(1);
  return isCustomerLanguage(row?.value) ? row.value : (ctx.config.CUSTOMER_LANGUAGE ?? "en");
}

/**
 * The first admin's language becomes the customers' one: an admin's sign-in carrying the page's
 * language sets the setting while it is still unset (empty: neither chosen on the Settings screen
 * nor given by CUSTOMER_LANGUAGE). One conditional update, so two admins signing in at once cannot
 * both set it, and a choice already made is never replaced (docs/decisions/0071).
 */
export async function adoptCustomerLanguage(ctx: Pick<AppContext, "db" | "events">, language: Language): Promise<void> {
  const [row] = await ctx.db
    .update(settings)
    .set({ value: language, updatedAt: new Date() })
    .where(and(eq(settings.key, "customerLanguage"), eq(settings.value, "")))
    .returning({ key: settings.key, value: settings.value });
  if (row) await ctx.events.emit("settings.changed", { event: { action: "update", setting: { key: "customerLanguage", value: row.value } } });
}
