import { queueColorPresets } from "@atendo/contracts";
import { and, asc, count, eq, sql } from "drizzle-orm";
import type { AppContext } from "../context.js";
import { connections, queues, settings, userQueues, users } from "../db/schema/index.js";
import { newOpaqueToken } from "../modules/auth/tokens.js";
import { lockDefaultFlag } from "../modules/connections/default-flag.js";

/** Marks that the demo was offered once, so deleting it does not bring it back on restart. */
const SEEDED_KEY = "demoConnectionSeeded";

export const demoConnectionName = "Demo (API)";
export const demoQueueName = "Support";
export const demoGreeting = "Hello! Thanks for writing to us. An attendant will be with you shortly.";

/**
 * "Try it without WhatsApp": on the first start with no connection, an API connection without a
 * webhook (replies are marked sent locally) routes new tickets to a "Support" queue with a
 * greeting, whose member is the first admin. The admin writes as a customer in the simulator and
 * answers in the tickets screen: the whole loop, minutes after `npm start`. Off with
 * DEMO_CONNECTION=false. Returns whether it created the demo.
 */
export async function seedDemoConnection(ctx: AppContext): Promise<boolean> {
  if (!ctx.config.DEMO_CONNECTION) return false;
  return ctx.db.transaction(async (tx) => {
    await lockDefaultFlag(tx);
    const [existing] = await tx.select({ n: count() }).from(connections);
    if ((existing?.n ?? 0) > 0) return false;
    const marked = await tx.insert(settings).values({ key: SEEDED_KEY, value: "true" }).onConflictDoNothing().returning();
    if (marked.length === 0) return false;
    const [admin] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.profile, "admin"), eq(users.isDeleted, false)))
      .orderBy(asc(users.id))
      .limit(1);

    let [queue] = await tx.select().from(queues).where(eq(sql`lower(${queues.name})`, demoQueueName.toLowerCase())).limit(1);
    if (!queue) {
      const used = new Set((await tx.select({ color: queues.color }).from(queues)).map((q) => q.color));
      const color = queueColorPresets.find((c) => !used.has(c)) ?? "#2196F3";
      [queue] = await tx.insert(queues).values({ name: demoQueueName, color, greetingMessage: demoGreeting }).returning();
    }
    if (!queue) return false;
    if (admin) await tx.insert(userQueues).values({ userId: admin.id, queueId: queue.id }).onConflictDoNothing();
    await tx.insert(connections).values({
      name: demoConnectionName,
      label: "Try Atendo without WhatsApp",
      kind: "api",
      isDefault: true,
      destinationType: "queue",
      destinationId: queue.id,
      apiToken: newOpaqueToken(),
      webhookSecret: newOpaqueToken(),
    });
    return true;
  });
}
