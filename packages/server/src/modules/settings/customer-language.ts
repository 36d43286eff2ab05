import { customerLanguages, type Language } from "@atendo/contracts";
import { eq } from "drizzle-orm";
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
