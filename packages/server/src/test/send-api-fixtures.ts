import type { Connection, CreateConnectionBody, Setting } from "@atendo/contracts";
import { eq } from "drizzle-orm";
import type { InjectOptions } from "fastify";
import { connections } from "../db/schema/index.js";
import { createConnection } from "./channel-fixtures.js";
import type { TestServer } from "./harness.js";
import { waitFor } from "./wait-for.js";

/** The install's API token, as the Settings screen shows it to an admin. */
export async function apiTokenOf(server: TestServer, adminToken: string): Promise<string> {
  const settings = (await server.request({ method: "GET", url: "/api/settings", token: adminToken })).json() as Setting[];
  const token = settings.find((setting) => setting.key === "userApiToken")?.value;
  if (!token) throw new Error("no userApiToken setting");
  return token;
}

/**
 * An API connection once its driver reported CONNECTED: the public API refuses one that is not,
 * and creating it waits only a moment for the driver (longer on a loaded machine).
 */
export async function connectedConnection(
  server: TestServer,
  adminToken: string,
  input: Partial<CreateConnectionBody> & Pick<CreateConnectionBody, "destinationType" | "destinationItem">,
): Promise<Connection> {
  const connection = await createConnection(server, adminToken, input);
  await waitFor(async () => {
    const [row] = await server.ctx.db.select({ status: connections.status }).from(connections).where(eq(connections.id, connection.id));
    return row?.status === "CONNECTED";
  }, `connection ${connection.id} CONNECTED`);
  return connection;
}

/** POST /api/messages/send as JSON with `token` as the bearer (none when undefined). */
export function sendApi(server: TestServer, token: string | undefined, payload: object, options: Pick<InjectOptions, "remoteAddress"> = {}) {
  return server.request({ method: "POST", url: "/api/messages/send", token, payload, ...options });
}
