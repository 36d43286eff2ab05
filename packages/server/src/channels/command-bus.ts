/**
 * Carries a command for a connection's running driver (disconnect, pairing code, delete a sent
 * message, try again) from the instance that received the request to the instance that runs the
 * connection, and its answer back: PostgreSQL LISTEN/NOTIFY on one dedicated connection per
 * instance (docs/decisions/0053). The owner first says it took the command, then answers it; no
 * "took" in time means the owner is gone, no answer in time that it is stuck: either way the
 * caller gets ERR_WAPP_OWNER_UNREACHABLE instead of waiting. PGlite is one process: nothing to
 * carry.
 */
import { connectionKinds, isErrorCode } from "@atendo/contracts";
import type { FastifyBaseLogger } from "fastify";
import { randomUUID } from "node:crypto";
import { z } from "zod";
import { AppError } from "../core/app-error.js";
import type { Database } from "../db/client.js";
import { dedicatedSession, type SessionHandle } from "../db/dedicated-session.js";

const chatAddress = z.object({ number: z.string(), isGroup: z.boolean() });

/** What one instance may ask the owner of a connection to do. */
export const connectionCommand = z.discriminatedUnion("type", [
  z.object({ type: z.literal("disconnect"), kind: z.enum(connectionKinds) }),
  z.object({ type: z.literal("restart"), kind: z.enum(connectionKinds) }),
  z.object({ type: z.literal("pairingCode"), number: z.string() }),
  z.object({ type: z.literal("deleteMessage"), to: chatAddress, externalId: z.string(), fromMe: z.boolean() }),
  z.object({ type: z.literal("checkNumber"), number: z.string() }),
]);
export type ConnectionCommand = z.infer<typeof connectionCommand>;

/** Runs a command for a connection this instance runs; undefined when it does not run it (another instance answers). */
export type CommandHandler = (connectionId: number, command: ConnectionCommand) => Promise<unknown> | undefined;

export interface CommandTimeouts {
  /** How long the owner has to say it took the command (it is gone otherwise). */
  acceptMs: number;
  /** How long it then has to answer (a driver that hangs). */
  answerMs: number;
}

export const defaultCommandTimeouts: CommandTimeouts = { acceptMs: 3000, answerMs: 30_000 };

export interface CommandBus {
  /** Whether other instances can be reached (PostgreSQL); false on PGlite, one process. */
  readonly shared: boolean;
  /** Who runs the commands addressed to this instance's connections (set once, by the channel manager). */
  serve(handler: CommandHandler): void;
  /** Starts hearing commands (before claiming a connection: a command may follow at once). */
  listen(): Promise<void>;
  /** Sends a command to whichever instance runs the connection; its answer, its error, or ERR_WAPP_OWNER_UNREACHABLE. */
  request(connectionId: number, command: ConnectionCommand, timeouts?: CommandTimeouts): Promise<unknown>;
  /** Re-opens a listening session that died (the ownership round). */
  check(): Promise<void>;
  close(): Promise<void>;
}

/** One process: every command is local. */
export function localCommandBus(): CommandBus {
  return {
    shared: false,
    serve: () => undefined,
    listen: async () => undefined,
    request: async () => {
      throw new AppError("ERR_WAPP_OWNER_UNREACHABLE");
    },
    check: async () => undefined,
    close: async () => undefined,
  };
}

/** The channel of every instance on one database (NOTIFY does not cross databases). */
export const COMMAND_CHANNEL = "atendo_connection_commands";

const id = z.string();
const wireMessage = z.discriminatedUnion("t", [
  z.object({ t: z.literal("ask"), id, from: id, connectionId: z.number().int(), command: connectionCommand }),
  z.object({ t: z.literal("took"), id, to: id }),
  z.object({ t: z.literal("done"), id, to: id, result: z.unknown() }),
  z.object({ t: z.literal("fail"), id, to: id, code: z.string(), status: z.number().int(), detail: z.string() }),
]);
type WireMessage = z.infer<typeof wireMessage>;
type Ask = Extract<WireMessage, { t: "ask" }>;

interface Pending {
  took(): void;
  settle(outcome: { error: AppError } | { result: unknown }): void;
}

const unreachable = () => new AppError("ERR_WAPP_OWNER_UNREACHABLE");

/** An error as the caller will see it: the owner's catalogued one, anything else as ERR_INTERNAL. */
function failure(error: unknown): { code: string; status: number; detail: string } {
  if (error instanceof AppError) return { code: error.code, status: error.status, detail: error.message.slice(0, 1000) };
  return { code: "ERR_INTERNAL", status: 500, detail: "The command failed on the instance that runs the connection." };
}

/** The bus on PostgreSQL: one dedicated session per instance listens and notifies, opened on first use. */
export function postgresCommandBus(url: string, log: FastifyBaseLogger): CommandBus {
  const instance = randomUUID();
  const pending = new Map<string, Pending>();
  let handler: CommandHandler | undefined;
  let listening = false;
  let closed = false;
  const commandSession = dedicatedSession({
    url,
    applicationName: "atendo-channel-commands",
    label: "command session",
    async setUp(client) {
      client.on("notification", (note) => {
        if (note.channel === COMMAND_CHANNEL && note.payload) receive(note.payload);
      });
      await client.query(`listen ${COMMAND_CHANNEL}`);
    },
    // What waited on the session is answered now, not at its timeout.
    onLost(reason) {
      if (!closed) log.warn({ err: reason }, "connection command session closed; reopened at the next ownership round");
      for (const waiting of [...pending.values()]) waiting.settle({ error: unreachable() });
    },
  });

  async function session(): Promise<SessionHandle> {
    if (closed) throw unreachable();
    return commandSession.connect();
  }

  async function notify(message: WireMessage): Promise<void> {
    // The session runs one query at a time: notifies keep their order.
    await (await session()).query("select pg_notify($1, $2)", [COMMAND_CHANNEL, JSON.stringify(message)]);
  }

  function receive(payload: string): void {
    let message: WireMessage;
    try {
      message = wireMessage.parse(JSON.parse(payload));
    } catch {
      log.warn({ payload: payload.slice(0, 200) }, "unreadable connection command ignored");
      return;
    }
    if (message.t === "ask") return void answer(message);
    if (message.to !== instance) return;
    const waiting = pending.get(message.id);
    if (message.t === "took") waiting?.took();
    else if (message.t === "done") waiting?.settle({ result: message.result });
    else waiting?.settle({ error: isErrorCode(message.code) ? new AppError(message.code, message.status, message.detail) : new AppError("ERR_INTERNAL") });
  }

  /** Runs a command if this instance runs its connection: "took" at once, then the outcome. */
  async function answer(ask: Ask): Promise<void> {
    const running = handler?.(ask.connectionId, ask.command);
    if (!running) return;
    const reply = { id: ask.id, to: ask.from };
    // Settled into a message at once: the command's failure is never left unhandled, whatever the bus does.
    const outcome = running.then(
      (result): WireMessage => ({ t: "done", ...reply, result: result ?? null }),
      (error: unknown): WireMessage => ({ t: "fail", ...reply, ...failure(error) }),
    );
    try {
      await notify({ t: "took", ...reply });
      await notify(await outcome);
    } catch (error) {
      // The asker times out: that is its answer.
      log.error({ err: error, connectionId: ask.connectionId }, "could not answer a connection command");
    }
  }

  return {
    shared: true,
    serve(handle) {
      handler = handle;
    },
    async listen() {
      listening = true;
      await session();
    },
    async request(connectionId, command, timeouts = defaultCommandTimeouts) {
      try {
        await session();
      } catch (error) {
        log.error({ err: error, connectionId }, "connection command session unreachable");
        throw unreachable();
      }
      const askId = randomUUID();
      return new Promise<unknown>((resolve, reject) => {
        const giveUp = () => {
          log.warn({ connectionId, command: command.type }, "the instance running the connection did not answer the command");
          waiting.settle({ error: unreachable() });
        };
        let timer = setTimeout(giveUp, timeouts.acceptMs);
        const waiting: Pending = {
          took() {
            clearTimeout(timer);
            timer = setTimeout(giveUp, timeouts.answerMs);
          },
          settle(outcome) {
            clearTimeout(timer);
            if (!pending.delete(askId)) return;
            if ("error" in outcome) reject(outcome.error);
            else resolve(outcome.result);
          },
        };
        pending.set(askId, waiting);
        notify({ t: "ask", id: askId, from: instance, connectionId, command }).catch((error: unknown) => {
          log.error({ err: error, connectionId }, "could not send a connection command");
          waiting.settle({ error: unreachable() });
        });
      });
    },
    async check() {
      const c = commandSession.current();
      if (c) {
        await c.query("select 1").catch((error: unknown) => c.lose(error));
        return;
      }
      if (listening && !closed) await session().catch((error: unknown) => log.error({ err: error }, "could not reopen the connection command session"));
    },
    async close() {
      closed = true;
      await commandSession.close();
      for (const waiting of [...pending.values()]) waiting.settle({ error: unreachable() });
    },
  };
}

/** The bus that fits the database: LISTEN/NOTIFY on PostgreSQL, none needed on PGlite. */
export function commandBusFor(database: Database, log: FastifyBaseLogger): CommandBus {
  return database.kind === "postgres" && database.url ? postgresCommandBus(database.url, log) : localCommandBus();
}
