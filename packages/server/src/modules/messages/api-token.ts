import { createHash, timingSafeEqual } from "node:crypto";
import type { AppContext } from "../../context.js";
import { AppError } from "../../core/app-error.js";
import { bearerToken } from "../auth/authenticate.js";
import { getSettingValue } from "../settings/settings.service.js";

/** Both sides hashed first: equal lengths for timingSafeEqual, and no early exit on the length. */
function digest(value: string): Buffer {
  return createHash("sha256").update(value).digest();
}

/**
 * Checks the bearer of a public API call against the install's API token (the `userApiToken`
 * setting, shown read-only in Settings). Read from the database on every call, not cached: a
 * token regenerated in Settings stops working at once, on every instance. Compared in constant
 * time. Missing, wrong, a user's access token: all 401 ERR_INVALID_API_TOKEN. The token is never
 * logged (nothing here logs, and the request log writes the URL only).
 */
export async function assertApiToken(ctx: AppContext, authorization: string | undefined): Promise<void> {
  const given = bearerToken(authorization) ?? "";
  const expected = (await getSettingValue(ctx, "userApiToken")) ?? "";
  const matches = timingSafeEqual(digest(given), digest(expected));
  if (!given || !expected || !matches) throw new AppError("ERR_INVALID_API_TOKEN");
}
