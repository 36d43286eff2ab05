import { eq } from "drizzle-orm";
import { users } from "../db/schema/index.js";
import type { TestServer } from "./harness.js";
import { waitFor } from "./wait-for.js";

/**
 * Waits until a socket's connection has made its user online and the event of it has gone out
 * (decision 0078): tests that count statements or events start after that write.
 */
export async function connectionSettled(server: Pick<TestServer, "ctx">, userId: number): Promise<void> {
  const presence = async () => (await server.ctx.db.select({ presence: users.presence }).from(users).where(eq(users.id, userId)))[0]?.presence;
  await waitFor(async () => (await presence()) === "online", `user ${userId} online`);
  await server.ctx.events.settled();
}
