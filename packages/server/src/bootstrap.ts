import { count } from "drizzle-orm";
import { seedDemoConnection } from "./channels/demo-connection.js";
import type { AppContext } from "./context.js";
import { users } from "./db/schema/index.js";
import { generatePassword, hashPassword } from "./modules/auth/password.js";
import { seedSettings } from "./modules/settings/settings.service.js";

export interface BootstrapResult {
  /** Set only when this start created the first admin with a generated password. */
  generatedPassword?: string;
  createdAdmin: boolean;
  /** This start created the demo API connection (docs/decisions/0015). */
  createdDemo?: boolean;
}

/** First start with an empty database: default settings, the first admin, the demo connection. Idempotent. */
export async function bootstrap(ctx: AppContext): Promise<BootstrapResult> {
  const result = await seedAdmin(ctx);
  return { ...result, createdDemo: await seedDemoConnection(ctx) };
}

async function seedAdmin(ctx: AppContext): Promise<BootstrapResult> {
  await seedSettings(ctx);
  const [existing] = await ctx.db.select({ n: count() }).from(users);
  if ((existing?.n ?? 0) > 0) return { createdAdmin: false };

  const generatedPassword = ctx.config.ADMIN_PASSWORD ? undefined : generatePassword();
  const password = ctx.config.ADMIN_PASSWORD ?? generatedPassword ?? "";
  const inserted = await ctx.db
    .insert(users)
    .values({
      name: ctx.config.ADMIN_NAME,
      email: ctx.config.ADMIN_EMAIL.toLowerCase(),
      passwordHash: await hashPassword(password),
      profile: "admin",
    })
    .onConflictDoNothing()
    .returning({ id: users.id });
  // Another instance may have won the race: then it printed the password, not us.
  if (inserted.length === 0) return { createdAdmin: false };
  return { createdAdmin: true, generatedPassword };
}
