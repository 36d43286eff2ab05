// bench:ingest's assignment case (issue 30, decision 0079): new conversations into a round-robin
// queue whose attendants are online, at a fixed rate of new tickets (BENCH_ASSIGN_RATE, 200/s)
// for BENCH_ASSIGN_SECONDS (5 s); each timed from just before its inbound POST to the admin's
// socket hearing the ticket `assigned`. Attendants (BENCH_ASSIGN_ATTENDANTS, 10) have no maximum,
// so every ticket is assigned at once and the figure is the path itself, not a wait for room.
import { adminSocket, apiConnection, json, type AdminSession, type AppMessageEvent } from "./support/server-api.js";
import { summarise, type LatencySummary } from "./support/stats.js";

const rate = Number(process.env.BENCH_ASSIGN_RATE ?? 200);
const seconds = Number(process.env.BENCH_ASSIGN_SECONDS ?? 5);
const attendantsCount = Number(process.env.BENCH_ASSIGN_ATTENDANTS ?? 10);

export interface AssignmentResult {
  rate: number;
  seconds: number;
  attendants: number;
  achievedRate: number;
  tickets: number;
  /** Tickets the admin's socket heard assigned (should be all). */
  assigned: number;
  /** Tickets assigned to each attendant: the spread round robin gave. */
  perAttendant: { min: number; max: number };
  /** From just before the inbound POST to the `ticket` `assigned` event on the admin's socket. */
  inboundToAssigned: LatencySummary;
  /** From the customer's message reaching the admin's socket to the ticket heard assigned: the assignment's own share. */
  createdToAssigned: LatencySummary;
}

/** An attendant of the queue, signed in and online (the presence route the app bar's menu calls). */
async function onlineAttendant(admin: AdminSession, n: number, queueIds: number[]): Promise<number> {
  const credentials = { email: `bench-attendant-${n}@atendo.local`, password: "bench-password" };
  const user = await admin.post<{ id: number }>("/api/users", { name: `Bench attendant ${n}`, ...credentials, queueIds });
  const headers = { "content-type": "application/json" };
  const { token } = await json<{ token: string }>(await fetch(`${admin.base}/api/auth/login`, { method: "POST", headers, body: JSON.stringify(credentials) }));
  await json(
    await fetch(`${admin.base}/api/users/me/presence`, {
      method: "PUT",
      headers: { ...headers, authorization: `Bearer ${token}` },
      body: JSON.stringify({ status: "online" }),
    }),
  );
  return user.id;
}

export async function measureAssignment(admin: AdminSession): Promise<AssignmentResult> {
  const queue = await admin.post<{ id: number }>("/api/queue", { name: "Bench assignment", color: "#9C27B0", assignment: "roundRobin" });
  for (let n = 0; n < attendantsCount; n++) await onlineAttendant(admin, n, [queue.id]);
  const postInbound = await apiConnection(admin, "Bench assignment API", { type: "queue", id: queue.id });

  const socket = await adminSocket(admin);
  const heardAt = new Map<number, { at: number; userId: number }>();
  const createdAt = new Map<number, number>();
  socket.on("appMessage", (event: AppMessageEvent) => {
    if (event.action === "create" && !event.message.fromMe && !createdAt.has(event.message.ticketId)) createdAt.set(event.message.ticketId, performance.now());
  });
  socket.on("ticket", (event: { action: string; ticket?: { id: number; userId: number | null } }) => {
    if (event.action === "assigned" && event.ticket?.userId) heardAt.set(event.ticket.id, { at: performance.now(), userId: event.ticket.userId });
  });

  const total = rate * seconds;
  const interval = 1000 / rate;
  const startedAt = new Map<number, number>();
  const t0 = performance.now();
  const inflight: Promise<void>[] = [];
  for (let i = 0; i < total; i++) {
    const wait = t0 + i * interval - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const start = performance.now();
    const number = `5521${String(800_000_000 + i)}`;
    inflight.push(postInbound({ externalId: `assign-${i}`, number, name: `Assigned ${i}`, body: "Hello, can someone help me?" }).then(({ ticketId }) => void startedAt.set(ticketId, start)));
  }
  await Promise.all(inflight);
  const offeredSeconds = (performance.now() - t0) / 1000;
  const deadline = performance.now() + 30_000;
  while (heardAt.size < total && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
  socket.close();

  const samples = [...startedAt].flatMap(([ticketId, start]) => {
    const heard = heardAt.get(ticketId);
    return heard ? [heard.at - start] : [];
  });
  const assignmentShare = [...heardAt].flatMap(([ticketId, heard]) => {
    const created = createdAt.get(ticketId);
    return created === undefined ? [] : [Math.max(0, heard.at - created)];
  });
  const counts = new Map<number, number>();
  for (const { userId } of heardAt.values()) counts.set(userId, (counts.get(userId) ?? 0) + 1);
  return {
    rate,
    seconds,
    attendants: attendantsCount,
    achievedRate: Math.round(total / offeredSeconds),
    tickets: total,
    assigned: samples.length,
    perAttendant: { min: Math.min(...counts.values()), max: Math.max(...counts.values()) },
    inboundToAssigned: summarise(samples),
    createdToAssigned: summarise(assignmentShare),
  };
}

export function printAssignment(result: AssignmentResult): void {
  console.log(
    `\nassignment case: ${result.tickets} new tickets at ${result.rate}/s (achieved ${result.achievedRate}/s) into a round-robin queue of ${result.attendants} online attendants; ${result.assigned} assigned, ${result.perAttendant.min}–${result.perAttendant.max} each`,
  );
  console.table({ "inbound → assigned (ms)": result.inboundToAssigned, "message heard → assigned (ms)": result.createdToAssigned });
}
