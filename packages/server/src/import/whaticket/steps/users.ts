import { IMPORTED_PASSWORD_HASH } from "../../../modules/auth/legacy-password.js";
import type { ImportContext } from "../context.js";
import { forEachNewRow } from "../read.js";
import { text, utcTimestamp } from "../values.js";
import { recordImport, targetOf } from "../writer.js";

const TABLE = "Users";

const bcryptHash = /^\$2[abxy]\$\d\d\$[./A-Za-z0-9]{53}$/;

/** Users by email: one Atendo already has (the admin, often) receives the Whaticket one, untouched. */
export function importUsers(ctx: ImportContext): Promise<void> {
  const columns = ["id", "name", "email", "passwordHash", "profile", "whatsappId", "createdAt", "updatedAt"];
  return forEachNewRow(ctx, { table: TABLE, columns, orderBy: ["id"] }, async (row) => {
    const email = text(row.email).trim().toLowerCase();
    if (!email.includes("@")) {
      ctx.report.skip(TABLE, "no valid email: nobody could sign in as this user");
      return;
    }
    const { rows: same } = await ctx.target.query<{ id: number }>("select id from users where lower(email) = $1 and not is_deleted", [email]);
    if (same[0]) {
      await recordImport(ctx, TABLE, String(row.id), same[0].id, "merged");
      return;
    }
    const hash = text(row.passwordHash);
    const legacy = bcryptHash.test(hash) ? hash : null;
    if (!legacy) ctx.report.adjust(TABLE, "password hash is not bcrypt: the user sets a new password (forgot password)");
    const profile = text(row.profile) === "admin" ? "admin" : "user";
    if (row.profile && !["admin", "user"].includes(text(row.profile))) ctx.report.adjust(TABLE, `profile "${text(row.profile)}" imported as user`);
    const { rows } = await ctx.target.query<{ id: number }>(
      `insert into users (name, email, password_hash, legacy_password_hash, profile, whatsapp_id, created_at, updated_at)
       values ($1, $2, $3, $4, $5, $6, coalesce($7::timestamptz, now()), coalesce($8::timestamptz, now())) returning id`,
      [
        text(row.name).trim() || email,
        email,
        // Imported users sign in once with their Whaticket password (modules/auth/legacy-password.ts) or set a new one.
        IMPORTED_PASSWORD_HASH,
        legacy,
        profile,
        await targetOf(ctx, "Whatsapps", row.whatsappId),
        utcTimestamp(row.createdAt),
        utcTimestamp(row.updatedAt),
      ],
    );
    await recordImport(ctx, TABLE, String(row.id), rows[0]!.id, "imported");
  });
}
