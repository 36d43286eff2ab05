import type { Bot, CreateBotBody } from "@atendo/contracts";
import { created } from "./fixtures.js";
import type { TestServer } from "./harness.js";
import type { Destination } from "@atendo/contracts";

let seq = 0;

/** A webhook bot at `url` whose fallback is `fallback`; `input` overrides any field. */
export function createBot(server: TestServer, token: string, url: string, fallback: Destination, input: Partial<CreateBotBody> = {}): Promise<Bot> {
  const n = ++seq;
  return created(server, token, "/api/bots", { name: `Bot ${n}`, kind: "webhook", url, secret: "bot-secret-1234", timeoutSeconds: 5, fallback, ...input });
}
