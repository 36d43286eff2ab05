// A campaign over the API channel (issue 31): BENCH_CAMPAIGN_RECIPIENTS recipients (default 10,000)
// at a high configured pace (BENCH_CAMPAIGN_PACE messages a minute, default 6,000), each message
// POSTed to a webhook receiver on 127.0.0.1. Reports the achieved pace against the configured one
// (from the first recipient's POST to the last), duplicates (a recipient POSTed more than one
// message), and the attendants' reply round trip (POST /api/messages/{ticketId} on other tickets,
// BENCH_CAMPAIGN_REPLY_RATE a second) before the campaign and while it runs: p99 should not move
// beyond noise, since replies take their slot before the campaign's (bulk yields). The noise is
// measured too: replies before and after the campaign (BENCH_CAMPAIGN_BASELINE_SECONDS each).
import { cpus, loadavg } from "node:os";
import { startReceiver } from "../packages/server/src/test/webhook-receiver.js";
import { startOn } from "./support/databases.js";
import { apiConnection, json, login, type AdminSession } from "./support/server-api.js";
import { costPerMessage, readCost, statementCountEnv } from "./support/statement-count.js";
import { summarise, writeResult } from "./support/stats.js";

const recipients = Number(process.env.BENCH_CAMPAIGN_RECIPIENTS ?? 10_000);
const pacePerMinute = Number(process.env.BENCH_CAMPAIGN_PACE ?? 6_000);
const replyRate = Number(process.env.BENCH_CAMPAIGN_REPLY_RATE ?? 5);
const baselineSeconds = Number(process.env.BENCH_CAMPAIGN_BASELINE_SECONDS ?? 30);
/** The whole campaign must end within this (a bound on the run, not a target). */
const deadlineMs = Number(process.env.BENCH_CAMPAIGN_DEADLINE_SECONDS ?? 1200) * 1000;
const target = process.env.BENCH_DATABASES?.split(",")[0]?.trim() ?? "embedded";
const admin = { email: "bench@atendo.local", password: "bench-password" };

interface CampaignShape {
  id: number;
  status: string;
  total: number;
  counts: Record<string, number>;
}

async function get<T>(session: AdminSession, path: string): Promise<T> {
  return json<T>(await fetch(`${session.base}${path}`, { headers: { authorization: `Bearer ${session.token}` } }));
}

/** The audience as a CSV upload: one request for every recipient (numbers no other bench uses). */
async function uploadAudience(session: AdminSession, campaignId: number): Promise<number> {
  const rows = Array.from({ length: recipients }, (_, i) => `5597${String(100_000_000 + i)},Recipient ${i},${i % 7 === 0 ? "Recife" : "Natal"}`);
  const form = new FormData();
  form.append("csv", new Blob([`number,name,city\n${rows.join("\n")}\n`], { type: "text/csv" }), "audience.csv");
  const response = await fetch(`${session.base}/api/campaigns/${campaignId}/audience`, { method: "POST", headers: { authorization: `Bearer ${session.token}` }, body: form });
  return (await json<{ uploadedContacts: number }>(response)).uploadedContacts;
}

/**
 * Replies at `replyRate` a second on the given tickets, one after another's start (not its
 * answer), until `stop()` says so or `maxSeconds` passed; each POST's round trip.
 */
async function replies(session: AdminSession, ticketIds: number[], stop: () => boolean, maxSeconds: number): Promise<number[]> {
  const samples: number[] = [];
  const inflight: Promise<void>[] = [];
  const t0 = performance.now();
  for (let i = 0; !stop() && performance.now() - t0 < maxSeconds * 1000; i++) {
    const wait = t0 + (i * 1000) / replyRate - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const started = performance.now();
    inflight.push(session.post(`/api/messages/${ticketIds[i % ticketIds.length]}`, { body: `Reply ${i}` }).then(() => void samples.push(performance.now() - started)));
  }
  await Promise.all(inflight);
  return samples;
}

async function main(): Promise<void> {
  console.log(`campaign: ${recipients} recipients at ${pacePerMinute}/min over the API channel; replies at ${replyRate}/s (${target})`);
  const receiver = await startReceiver();
  const counting = statementCountEnv();
  const { server, cleanUp } = await startOn(target, { ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password, WEBHOOK_ALLOW_PRIVATE: "true",
    // One sign-in replies for the whole run: on a loaded machine a run outlasts the default 15 minutes.
    ACCESS_TOKEN_TTL_SECONDS: "14400",
    ...counting.env,
  });
  try {
    const session = await login(server.baseUrl, admin);
    const queue = await session.post<{ id: number }>("/api/queue", { name: "Campaign bench", color: "#4CAF50" });
    // The campaign's connection, at the configured pace (the pace field of decision 0083; a server without it ignores it).
    const connection = await session.post<{ id: number }>("/api/whatsapp", {
      name: "Campaign bench API",
      kind: "api",
      destinationType: "queue",
      destinationItem: queue.id,
      webhookUrl: receiver.url,
      pace: { perMinute: pacePerMinute, dailyCap: 0, warmUp: 0 },
    });
    // The attendants' conversations: customers who wrote on another connection, answered by the admin.
    const postInbound = await apiConnection(session, "Attendants API", { type: "queue", id: queue.id });
    const ticketIds: number[] = [];
    for (let i = 0; i < 20; i++) {
      ticketIds.push((await postInbound({ externalId: `bench-campaign-${i}`, number: `5596${String(100_000_000 + i)}`, name: `Customer ${i}`, body: "Hello?" })).ticketId);
    }

    const campaign = await session.post<CampaignShape>("/api/campaigns", {
      name: "Bench campaign",
      whatsappId: connection.id,
      queueId: queue.id,
      audience: { tagIds: [], contactIds: [], search: "" },
      body: "Hi {{firstName}}, our {{city}} store has news for you.",
    });
    const uploaded = await uploadAudience(session, campaign.id);
    console.log(`  audience uploaded: ${uploaded} contacts`);

    console.log(`  replies before the campaign (${baselineSeconds} s)…`);
    const before = summarise(await replies(session, ticketIds, () => false, baselineSeconds));

    const campaignPosts = () => receiver.received.filter((post) => post.payload.connectionId === connection.id);
    let done = false;
    // The cost of the campaign's span (the replies during it are 5 a second against 50–100 campaign messages).
    const costBefore = readCost(counting.file, server.pid);
    const startedAt = performance.now();
    await session.post(`/api/campaigns/${campaign.id}/start`, {});
    const during = replies(session, ticketIds, () => done, deadlineMs / 1000);
    let final: CampaignShape = campaign;
    while (performance.now() - startedAt < deadlineMs) {
      final = await get<CampaignShape>(session, `/api/campaigns/${campaign.id}`);
      if (final.status === "completed" && campaignPosts().length >= final.total) break;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    done = true;
    const costAfter = readCost(counting.file, server.pid);
    const duringReplies = summarise(await during);
    // The same again once the campaign ended: how far two quiet samples of the round trip differ
    // on this machine is the noise the campaign's effect is judged against.
    console.log(`  replies after the campaign (${baselineSeconds} s)…`);
    const after = summarise(await replies(session, ticketIds, () => false, baselineSeconds));

    // Pace from the receiver's side: the first recipient's POST to the last one's.
    const posts = campaignPosts();
    const times = posts.map((post) => post.receivedAt).sort((a, b) => a - b);
    const spanMinutes = ((times.at(-1) ?? 0) - (times[0] ?? 0)) / 60_000;
    const byNumber = new Map<string, Set<number>>();
    for (const post of posts) {
      const number = (post.payload as { to?: { number?: string } }).to?.number ?? "";
      byNumber.set(number, (byNumber.get(number) ?? new Set()).add(post.payload.messageId));
    }
    const messageIds = posts.map((post) => post.payload.messageId);
    const result = {
      recipients: final.total,
      status: final.status,
      counts: final.counts,
      configuredPerMinute: pacePerMinute,
      achievedPerMinute: spanMinutes > 0 ? Math.round((posts.length - 1) / spanMinutes) : 0,
      withinFivePercent: spanMinutes > 0 && Math.abs((posts.length - 1) / spanMinutes - pacePerMinute) <= pacePerMinute * 0.05,
      /** Recipients POSTed more than one message: must be 0. */
      duplicateRecipients: [...byNumber.values()].filter((ids) => ids.size > 1).length,
      /** The same message POSTed again (a webhook retried): allowed by the webhook's at-least-once, reported apart. */
      repeatedPosts: messageIds.length - new Set(messageIds).size,
      recipientsReached: byNumber.size,
      replies: {
        before,
        during: duringReplies,
        after,
        p99Ratio: before.p99 > 0 ? Math.round((duringReplies.p99 / before.p99) * 100) / 100 : null,
        /** The quiet samples' own spread (before against after): the noise. */
        quietP99Ratio: Math.min(before.p99, after.p99) > 0 ? Math.round((Math.max(before.p99, after.p99) / Math.min(before.p99, after.p99)) * 100) / 100 : null,
        /** During against the slower quiet sample: ≤ 1 means within the noise the two quiet samples show. */
        p99AgainstQuiet: Math.max(before.p99, after.p99) > 0 ? Math.round((duringReplies.p99 / Math.max(before.p99, after.p99)) * 100) / 100 : null,
      },
      /** Statements the server sent and CPU it (and its embedded PostgreSQL) used per campaign message, over the campaign's span. */
      cost: costPerMessage(costBefore, costAfter, campaignPosts().length),
      machine: { cpus: cpus().length, loadAverage1m: loadavg()[0] },
      database: target,
    };
    console.log(JSON.stringify(result, null, 2));
    writeResult("campaign", result);
  } finally {
    await cleanUp();
    await receiver.close();
  }
}

await main();
