/**
 * A fake Typebot viewer speaking its chat API, v1 (https://docs.typebot.io/deploy/api/overview):
 * `POST /api/v1/typebots/{publicId}/startChat` opens a session and answers the flow's first
 * bubbles, `POST /api/v1/sessions/{sessionId}/continueChat` goes on with `{message}`. The flow is
 * scripted per test: a list of steps, each the bubbles sent after the customer's answer and
 * whether an input is awaited after them (none: the flow ends). An unknown session answers 404.
 * Bubbles come as markdown when asked (`textBubbleContentFormat: "markdown"`), as Typebot does.
 */
import { randomUUID } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

export interface TypebotStep {
  bubbles: string[];
  /** An input block follows (the flow waits for the customer); false: the flow ends here. */
  input: boolean;
}

interface Session {
  id: string;
  publicId: string;
  step: number;
  answers: string[];
}

export async function startFakeTypebot(publicId: string, steps: readonly TypebotStep[]) {
  const sessions = new Map<string, Session>();
  const calls: { path: string; body: unknown; authorization: string | undefined }[] = [];
  function turn(session: Session, asMarkdown: boolean) {
    const step = steps[Math.min(session.step, steps.length - 1)]!;
    session.step++;
    const messages = step.bubbles.map((text) => ({
      id: randomUUID(),
      type: "text",
      content: asMarkdown ? { type: "markdown", markdown: text } : { type: "richText", richText: [{ type: "p", children: [{ text }] }] },
    }));
    return { messages, ...(step.input ? { input: { id: randomUUID(), type: "text input", options: {} } } : {}) };
  }
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const body = JSON.parse(Buffer.concat(chunks).toString("utf8") || "{}") as { message?: { text?: string } | string; textBubbleContentFormat?: string };
      const path = request.url ?? "";
      calls.push({ path, body, authorization: request.headers.authorization });
      const send = (status: number, answer: unknown) => response.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(answer));
      const text = typeof body.message === "string" ? body.message : (body.message?.text ?? "");
      const markdown = body.textBubbleContentFormat === "markdown";
      const start = /^\/api\/v1\/typebots\/([^/]+)\/startChat$/.exec(path);
      if (request.method === "POST" && start) {
        if (decodeURIComponent(start[1]!) !== publicId) return send(404, { message: "Typebot not found" });
        const session: Session = { id: randomUUID(), publicId, step: 0, answers: [text] };
        sessions.set(session.id, session);
        return send(200, { sessionId: session.id, typebot: { id: publicId, version: "6" }, ...turn(session, markdown) });
      }
      const next = /^\/api\/v1\/sessions\/([^/]+)\/continueChat$/.exec(path);
      if (request.method === "POST" && next) {
        const session = sessions.get(decodeURIComponent(next[1]!));
        if (!session) return send(404, { message: "Session not found" });
        session.answers.push(text);
        return send(200, turn(session, markdown));
      }
      send(404, { message: "Not found" });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    sessions,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
