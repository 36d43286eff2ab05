import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { pathToFileURL } from "node:url";

/**
 * A local fake of an OpenAI-compatible chat server (test code only): `POST /v1/chat/completions`
 * `{model, messages}` with a bearer key it checks (401 as OpenAI answers otherwise). Its answer is
 * deterministic and shows what it was given — `Fake answer (<model>): <the last message's text>` —
 * and every request is kept, so tests assert exactly what Atendo sent. It can be told to fail:
 * `error` (500), `malformed` (200 that is not a completion), `timeout` (never answers).
 *
 * Standalone: `npx tsx packages/server/src/test/fakes/ai-chat-fake.ts --port 8082`, then run Atendo
 * with AI_API_URL=http://127.0.0.1:8082/v1 AI_API_KEY=fake-ai-key AI_MODEL=fake-model. Over HTTP:
 * `GET /_fake/requests` (what it was sent), `POST /_fake/mode {"mode": "error"}`.
 */
export type AiFakeMode = "answer" | "error" | "malformed" | "timeout";

export interface AiChatRequest {
  model: string;
  messages: Array<{ role: string; content: string }>;
  authorization: string | undefined;
}

export const fakeAiKey = "fake-ai-key";

function reply(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(typeof body === "string" ? body : JSON.stringify(body));
}

async function jsonOf(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  try {
    return JSON.parse(Buffer.concat(chunks).toString("utf8"));
  } catch {
    return undefined;
  }
}

export class AiChatFake {
  private server: Server | undefined;
  /** What Atendo sent, in order (the refused ones too). */
  readonly requests: AiChatRequest[] = [];
  mode: AiFakeMode = "answer";
  /** AI_API_URL for Atendo: `http://127.0.0.1:{port}/v1`. */
  baseUrl = "";

  constructor(readonly key = fakeAiKey) {}

  /** The answer it gives to a request (tests compare with it). */
  static answerTo(model: string, lastText: string): string {
    return `Fake answer (${model}): ${lastText}`;
  }

  async start(port = 0, host = "127.0.0.1"): Promise<string> {
    this.server = createServer((req, res) => {
      this.handle(req, res).catch((error: unknown) => reply(res, 500, { error: { message: String(error) } }));
    });
    await new Promise<void>((resolve) => this.server!.listen(port, host, resolve));
    this.baseUrl = `http://${host}:${(this.server.address() as AddressInfo).port}/v1`;
    return this.baseUrl;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = new URL(req.url ?? "/", "http://fake").pathname;
    if (req.method === "GET" && path === "/_fake/requests") return reply(res, 200, this.requests);
    if (req.method === "POST" && path === "/_fake/mode") {
      this.mode = ((await jsonOf(req)) as { mode: AiFakeMode }).mode;
      return reply(res, 200, { mode: this.mode });
    }
    if (req.method !== "POST" || path !== "/v1/chat/completions") return reply(res, 404, { error: { message: "not found" } });
    const body = (await jsonOf(req)) as { model?: unknown; messages?: unknown } | undefined;
    const messages = Array.isArray(body?.messages) ? (body.messages as AiChatRequest["messages"]) : [];
    const model = typeof body?.model === "string" ? body.model : "";
    this.requests.push({ model, messages, authorization: req.headers.authorization });
    if (req.headers.authorization !== `Bearer ${this.key}`) {
      return reply(res, 401, { error: { message: "Incorrect API key provided.", type: "invalid_request_error", code: "invalid_api_key" } });
    }
    if (!model || messages.length === 0) return reply(res, 400, { error: { message: "model and messages are required", type: "invalid_request_error" } });
    if (this.mode === "timeout") return; // never answers: the caller's timeout decides
    if (this.mode === "error") return reply(res, 500, { error: { message: "The server had an error while processing your request." } });
    if (this.mode === "malformed") return reply(res, 200, "<html>not json</html>");
    const content = AiChatFake.answerTo(model, messages.at(-1)?.content ?? "");
    reply(res, 200, {
      id: `chatcmpl-${this.requests.length}`,
      object: "chat.completion",
      created: Math.floor(Date.now() / 1000),
      model,
      choices: [{ index: 0, message: { role: "assistant", content }, finish_reason: "stop" }],
      usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 },
    });
  }
}

// Standalone: npx tsx packages/server/src/test/fakes/ai-chat-fake.ts --port 8082
if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const at = process.argv.indexOf("--port");
  const fake = new AiChatFake();
  void fake.start(at > 0 ? Number(process.argv[at + 1]) : 8082).then((url) => console.log(`fake AI server at ${url} (key ${fake.key})`));
}
