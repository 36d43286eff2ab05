// bench:soak's install (issue 35): an Atendo process on its embedded PostgreSQL (a data folder of
// its own, so that the probe can reach the database and the WAL is this run's alone), a webhook
// receiver for the API connections, and the team: queues with their attendants signed in, one
// API connection per queue (replies go to the receiver), a two-level menu on a connection of its
// own, internal chats between the attendants, and a campaign ready to start.
import { rmSync } from "node:fs";
import { makeDataDir, spawnServer, type SpawnedServer } from "../../packages/server/src/test/spawn-server.js";
import { spawnedDatabaseUrl } from "../../packages/server/src/test/spawned-database.js";
import { startReceiver } from "../../packages/server/src/test/webhook-receiver.js";
import { loginAddressOf } from "./pacing.js";
import { apiConnection, json, login, pool, type AdminSession, type PostInbound } from "./server-api.js";

export const password = "bench-password";
const admin = { email: "bench@atendo.local", password };
export const metricsToken = "bench-soak-metrics-token";
const setupConcurrency = 16;
export const menuTexts = { main: "Soak main menu: choose an option", sub: "Soak sub-menu: choose an option" };

export interface Shape {
  queues: number;
  attendants: number;
  /** Messages a minute of the campaign; its audience is this times the run's minutes. */
  campaignPerMinute: number;
  minutes: number;
}

export interface Attendant {
  index: number;
  id: number;
  queue: number;
  session: AdminSession;
}

export interface Install {
  server: SpawnedServer;
  databaseUrl: string;
  receiver: Awaited<ReturnType<typeof startReceiver>>;
  admin: AdminSession;
  attendants: Attendant[];
  /** Per queue index: customers' messages in. */
  inbound: PostInbound[];
  menu: PostInbound;
  chats: { id: number; participants: number[] }[];
  campaignId: number;
  cleanUp(): Promise<void>;
}

/** PUT/GET and friends as the signed-in user (AdminSession has POST only). */
export async function call<T>(session: AdminSession, method: string, path: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = { authorization: `Bearer ${session.token}` };
  if (body !== undefined) headers["content-type"] = "application/json";
  const init = { method, headers, body: body === undefined ? undefined : JSON.stringify(body), signal: AbortSignal.timeout(60_000) };
  return json<T>(await fetch(`${session.base}${path}`, init));
}

async function startServer(): Promise<{ server: SpawnedServer; databaseUrl: string; stop: () => Promise<void> }> {
  const dataDir = makeDataDir("atendo-soak-");
  const env = {
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
    METRICS_TOKEN: metricsToken,
    // An hour of the same sessions: no token refresh in the figures.
    ACCESS_TOKEN_TTL_SECONDS: "86400",
    // The webhook receiver is on 127.0.0.1.
    WEBHOOK_ALLOW_PRIVATE: "true",
    TIME_ZONE: "UTC",
  };
  const server = await spawnServer(env, { dataDir });
  const stop = async () => {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  const databaseUrl = await spawnedDatabaseUrl(dataDir);
  if (!databaseUrl) {
    await stop();
    throw new Error("bench:soak needs the embedded PostgreSQL (no binary for this platform?)");
  }
  return { server, databaseUrl, stop };
}

async function createMenu(session: AdminSession): Promise<PostInbound> {
  const queue = await session.post<{ id: number }>("/api/queue", { name: "Soak menu queue", color: "#2196F3" });
  const toQueue = { destinationType: "queue", destinationTypeId: queue.id };
  const sub = await session.post<{ id: number }>("/api/uras", {
    name: "Soak sub-menu",
    description: menuTexts.sub,
    uraItems: [
      { selector: "1", menuName: "Talk to the team", ...toQueue },
      { selector: "2", menuName: "Anything else", ...toQueue },
    ],
  });
  const main = await session.post<{ id: number }>("/api/uras", {
    name: "Soak main menu",
    description: menuTexts.main,
    uraItems: [
      { selector: "1", menuName: "Orders", destinationType: "uras", destinationTypeId: sub.id },
      { selector: "2", menuName: "Anything else", ...toQueue },
    ],
  });
  return apiConnection(session, "Soak menu API", { type: "uras", id: main.id });
}

/** Groups of ten attendants (each attendant in one), and as many direct pairs as groups. */
async function createChats(attendants: Attendant[]): Promise<{ id: number; participants: number[] }[]> {
  const plan: { participants: number[]; chatName?: string }[] = [];
  for (let g = 0; g + 10 <= attendants.length; g += 10) plan.push({ participants: Array.from({ length: 10 }, (_, k) => g + k), chatName: `Soak group ${g / 10}` });
  const groups = plan.length;
  for (let d = 0; d < groups; d++) plan.push({ participants: [d, (d * 37 + 11) % attendants.length].sort((a, b) => a - b) });
  const chats: { id: number; participants: number[] }[] = [];
  await pool(plan.length, setupConcurrency, async (i) => {
    const { participants, chatName } = plan[i]!;
    if (participants[0] === participants[1]) return;
    const chat = await attendants[participants[0]!]!.session.post<{ id: number }>("/api/chats", { participantIds: participants.map((p) => attendants[p]!.id), chatName });
    chats.push({ id: chat.id, participants });
  });
  return chats;
}

/** The campaign's own API connection at `perMinute` (decision 0083's pace), its audience as a CSV upload. */
async function createCampaign(session: AdminSession, webhookUrl: string, shape: Shape): Promise<number> {
  const queue = await session.post<{ id: number }>("/api/queue", { name: "Soak campaign queue", color: "#9C27B0" });
  const connection = await session.post<{ id: number }>("/api/whatsapp", {
    name: "Soak campaign API",
    kind: "api",
    destinationType: "queue",
    destinationItem: queue.id,
    webhookUrl,
    pace: { perMinute: shape.campaignPerMinute, dailyCap: 0, warmUp: 0 },
  });
  const campaign = await session.post<{ id: number }>("/api/campaigns", {
    name: "Soak campaign",
    whatsappId: connection.id,
    queueId: queue.id,
    audience: { tagIds: [], contactIds: [], search: "" },
    body: "Hi {{firstName}}, news from the soak.",
  });
  const recipients = Math.max(1, Math.ceil(shape.campaignPerMinute * shape.minutes));
  const rows = Array.from({ length: recipients }, (_, i) => `5595${String(100_000_000 + i)},Recipient ${i}`);
  const form = new FormData();
  form.append("csv", new Blob([`number,name\n${rows.join("\n")}\n`], { type: "text/csv" }), "audience.csv");
  await json(await fetch(`${session.base}/api/campaigns/${campaign.id}/audience`, { method: "POST", headers: { authorization: `Bearer ${session.token}` }, body: form }));
  return campaign.id;
}

export async function install(shape: Shape): Promise<Install> {
  const receiver = await startReceiver();
  const { server, databaseUrl, stop } = await startServer().catch(async (error: unknown) => {
    await receiver.close();
    throw error;
  });
  const cleanUp = async () => {
    await stop();
    await receiver.close();
  };
  try {
    const session = await login(server.baseUrl, admin);
    const queueIds: number[] = [];
    const inbound: PostInbound[] = [];
    for (let q = 0; q < shape.queues; q++) {
      const queue = await session.post<{ id: number }>("/api/queue", { name: `Soak ${q}`, color: `#4CAF${(0x10 + q).toString(16).padStart(2, "0")}` });
      queueIds.push(queue.id);
      inbound.push(await apiConnection(session, `Soak API ${q}`, { type: "queue", id: queue.id }, { webhookUrl: receiver.url }));
    }
    const attendants: Attendant[] = [];
    await pool(shape.attendants, setupConcurrency, async (index) => {
      const email = `soak-attendant-${index}@atendo.local`;
      const queue = index % shape.queues;
      const { id } = await session.post<{ id: number }>("/api/users", { name: `Attendant ${index}`, email, password, profile: "user", queueIds: [queueIds[queue]] });
      attendants[index] = { index, id, queue, session: await login(server.baseUrl, { email, password }, loginAddressOf(index + 1)) };
    });
    const menu = await createMenu(session);
    const chats = await createChats(attendants);
    const campaignId = await createCampaign(session, receiver.url, shape);
    return { server, databaseUrl, receiver, admin: session, attendants, inbound, menu, chats, campaignId, cleanUp };
  } catch (error) {
    await cleanUp();
    throw error;
  }
}
