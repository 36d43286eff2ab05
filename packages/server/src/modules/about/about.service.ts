import type { About } from "@atendo/contracts";
import { and, count, eq, gt } from "drizzle-orm";
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import type { AppContext } from "../../context.js";
import type { Actor } from "../../core/actor.js";
import { assistantUses, users } from "../../db/schema/index.js";
import { aiServerOf } from "../assistant/chat-completion.js";
import { assertCanReadAbout } from "./about.policy.js";

/** Version of the WhatsApp library when installed, so the About page shows what runs. */
export async function messagingLibraryVersion(): Promise<string> {
  try {
    const path = createRequire(import.meta.url).resolve("baileys/package.json");
    return (JSON.parse(await readFile(path, "utf8")) as { version: string }).version;
  } catch {
    return "not installed";
  }
}

/** Active users, administrators and supervisors (decision 0099) against the licence's seats (the configuration's), the assistant's use, the versions that run. */
export async function readAbout(ctx: AppContext, actor: Actor, libVersion: Promise<string>): Promise<About> {
  assertCanReadAbout(actor);
  const active = eq(users.isDeleted, false);
  const [all] = await ctx.db.select({ n: count() }).from(users).where(active);
  const [admins] = await ctx.db
    .select({ n: count() })
    .from(users)
    .where(and(active, eq(users.profile, "admin")));
  const [supervisors] = await ctx.db
    .select({ n: count() })
    .from(users)
    .where(and(active, eq(users.profile, "supervisor")));
  const [uses] = await ctx.db
    .select({ n: count() })
    .from(assistantUses)
    .where(gt(assistantUses.createdAt, new Date(Date.now() - 30 * 24 * 3600_000)));
  return {
    usersCount: all?.n ?? 0,
    administrators: admins?.n ?? 0,
    supervisors: supervisors?.n ?? 0,
    licence: { users: ctx.config.LICENCE_USERS, administrators: ctx.config.LICENCE_ADMINISTRATORS },
    assistant: { enabled: aiServerOf(ctx.config) !== null, usesLast30Days: uses?.n ?? 0 },
    libVersion: await libVersion,
    tagVersion: ctx.config.APP_VERSION,
  };
}
