/**
 * Inbound messages a driver pushes (WhatsApp) arrive once: the library has already told the other
 * side they were received. So a message the pipeline cannot store is retried a few times in line
 * (a database hiccup, a full disk for a moment), and if it still fails it is kept in
 * `inbound_failures` and replayed later with backoff, never dropped with a log line. While the
 * database itself is unreachable the message waits for it instead (docs/decisions/0100).
 * See docs/decisions/0024-inbound-failures.md.
 */
import { and, asc, eq, inArray, lte, sql } from "drizzle-orm";
import { access } from "node:fs/promises";
import type { AppContext } from "../../context.js";
import { inboundFailures } from "../../db/schema/index.js";
import { AppError } from "../../core/app-error.js";
import { retryWhileDatabaseUnavailable } from "../../core/database-outage.js";
import type { InboundMessage } from "../channel-driver.js";
import { isStorageFull } from "../../modules/media/media-store.js";
import { ingestInbound } from "./ingest.js";

/** Waits between the in-line attempts: 4 attempts over about 7.5 s. */
export const DEFAULT_INBOUND_RETRY_DELAYS_MS: readonly number[] = [500, 2000, 5000];

export interface InboundRetryOptions {
  retryDelaysMs?: readonly number[];
}

type InboundFailureRow = typeof inboundFailures.$inferSelect;

/** What is kept of a message: everything but the media bytes (they go to a file). */
interface StoredInbound extends Omit<InboundMessage, "media" | "timestamp"> {
  timestamp: string;
  media?: { mimeType: string; fileName?: string };
}

const errorText = (error: unknown): string => (error instanceof Error ? error.message : String(error));
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Stores a message a driver reported: up to 1 + retryDelaysMs.length attempts (a catalogued
 * AppError — an invalid number, say — is not retried: it would fail the same way), then kept as
 * an inbound failure. Never throws: the caller is a driver's event handler.
 */
export async function ingestReliably(ctx: AppContext, connectionId: number, message: InboundMessage, options: InboundRetryOptions = {}): Promise<void> {
  const delays = options.retryDelaysMs ?? DEFAULT_INBOUND_RETRY_DELAYS_MS;
  let lastError: unknown;
  for (let attempt = 0; ; attempt++) {
    try {
      // The database away (a restart, a crash): the message waits for it, however long, and
      // keeps its place (a Telegram poll stays on its update); other failures go on below.
      await retryWhileDatabaseUnavailable(
        () => ingestInbound(ctx, connectionId, message),
        (error, failures) => ctx.log.warn({ reason: errorText(error), connectionId, externalId: message.externalId, failures }, "inbound message waits for the database"),
      );
      return;
    } catch (error) {
      lastError = error;
      if (error instanceof AppError || attempt >= delays.length) break;
      ctx.log.warn({ err: error, connectionId, externalId: message.externalId, attempt: attempt + 1 }, "inbound message not stored; retrying");
      await sleep(delays[attempt]!);
    }
  }
  try {
    await keepInboundFailure(ctx, connectionId, message, lastError);
    ctx.log.error({ err: lastError, connectionId, externalId: message.externalId }, "inbound message not stored; kept in inbound_failures");
  } catch (error) {
    ctx.log.error({ err: error, cause: errorText(lastError), connectionId, externalId: message.externalId, message }, "inbound message lost: could not keep it");
  }
}

/** Writes the failure row (once per message: a redelivery of a kept message keeps the first copy). */
async function keepInboundFailure(ctx: AppContext, connectionId: number, message: InboundMessage, error: unknown): Promise<void> {
  const { media, timestamp, ...rest } = message;
  const stored: StoredInbound = {
    ...rest,
    timestamp: timestamp.toISOString(),
    ...(media ? { media: { mimeType: media.mimeType, ...(media.fileName ? { fileName: media.fileName } : {}) } } : {}),
  };
  // A full disk keeps the message without its file rather than losing it all (decision 0101).
  const mediaName = !media
    ? null
    : await (media.path !== undefined ? ctx.media.linkTemporary(media.path, "bin") : ctx.media.saveBuffer(media.data, "bin")).catch((error: unknown) => {
        if (isStorageFull(error)) return null;
        throw error;
      });
  const kept = await ctx.db
    .insert(inboundFailures)
    .values({
      connectionId,
      externalId: message.externalId,
      message: stored,
      mediaName,
      // A catalogued error is not transient: kept for an operator, not replayed.
      status: error instanceof AppError ? "failed" : "pending",
      lastError: errorText(error),
    })
    .onConflictDoNothing({ target: [inboundFailures.connectionId, inboundFailures.externalId] })
    .returning({ id: inboundFailures.id })
    .catch(async (e: unknown) => {
      if (mediaName) await ctx.media.remove(mediaName).catch(() => undefined);
      throw e;
    });
  if (kept.length === 0 && mediaName) await ctx.media.remove(mediaName).catch(() => undefined);
}

/** The kept message again; its file is handed on where it lies (the pipeline links it, no copy in memory). */
async function revive(ctx: AppContext, row: InboundFailureRow): Promise<InboundMessage> {
  const { media, timestamp, ...rest } = row.message as StoredInbound;
  const path = media && row.mediaName ? ctx.media.path(row.mediaName) : undefined;
  const present = path !== undefined && (await access(path).then(() => true, () => false));
  return { ...rest, timestamp: new Date(timestamp), ...(media && present ? { media: { ...media, path } } : {}) };
}

export interface ReplayOptions {
  now?: Date;
  /** Replays before a row is left `failed`. */
  maxReplays?: number;
  /** Wait after the n-th failed replay (1-based). */
  backoffMs?(replay: number): number;
  /** A claimed row whose worker died is due again after this long. */
  leaseMs?: number;
  batchSize?: number;
}

/** 30 s, 1 min, 2 min … about two hours over 8 replays. */
export function defaultReplayBackoff(replay: number): number {
  return 30_000 * 2 ** (replay - 1);
}

/**
 * Replays the due inbound failures through the pipeline (any instance: the pipeline does not
 * need the driver). Stored (or found already stored: ingesting is idempotent) → the row and its
 * file are deleted; failed again → next replay after the backoff, or `failed` after the last.
 * Rows are claimed with FOR UPDATE SKIP LOCKED and a lease, like the webhook outbox.
 */
export async function replayInboundFailures(ctx: AppContext, options: ReplayOptions = {}): Promise<number> {
  const now = options.now ?? new Date();
  const due = ctx.db
    .select({ id: inboundFailures.id })
    .from(inboundFailures)
    .where(and(eq(inboundFailures.status, "pending"), lte(inboundFailures.nextAttemptAt, now)))
    .orderBy(asc(inboundFailures.nextAttemptAt), asc(inboundFailures.id))
    .limit(options.batchSize ?? 20)
    .for("update", { skipLocked: true });
  const claimed = await ctx.db
    .update(inboundFailures)
    .set({
      attempts: sql`${inboundFailures.attempts} + 1`,
      nextAttemptAt: new Date(now.getTime() + (options.leaseMs ?? 5 * 60_000)),
      updatedAt: now,
    })
    .where(inArray(inboundFailures.id, due))
    .returning();
  // One after another, oldest first: a conversation's messages keep their order.
  for (const row of claimed.sort((a, b) => a.id - b.id)) {
    try {
      await ingestInbound(ctx, row.connectionId, await revive(ctx, row));
      await ctx.db.delete(inboundFailures).where(eq(inboundFailures.id, row.id));
      if (row.mediaName) await ctx.media.remove(row.mediaName).catch(() => undefined);
      ctx.log.info({ connectionId: row.connectionId, externalId: row.externalId, replays: row.attempts }, "kept inbound message stored");
    } catch (error) {
      const last = error instanceof AppError || row.attempts >= (options.maxReplays ?? 8);
      const nextAttemptAt = new Date(now.getTime() + (options.backoffMs ?? defaultReplayBackoff)(row.attempts));
      await ctx.db
        .update(inboundFailures)
        .set({ status: last ? "failed" : "pending", lastError: errorText(error), nextAttemptAt, updatedAt: new Date() })
        .where(eq(inboundFailures.id, row.id));
      if (last) ctx.log.error({ err: error, connectionId: row.connectionId, externalId: row.externalId }, "kept inbound message failed for good");
    }
  }
  return claimed.length;
}
