import { readdirSync, readlinkSync } from "node:fs";
import { connect, type Socket } from "node:net";

export interface RawExchange {
  socket: Socket;
  /** Everything the server wrote, once it closed the connection (or `limitMs` passed: then `closed` is false). */
  ended: Promise<{ text: string; closed: boolean; afterMs: number }>;
}

/**
 * A request written by hand on a plain TCP socket, so a test can send less than its
 * Content-Length says and then go quiet while keeping the connection open — what inject cannot.
 */
export async function rawRequest(baseUrl: string, head: string, body: Buffer | string, limitMs = 10_000): Promise<RawExchange> {
  const { hostname, port } = new URL(baseUrl);
  const socket = connect(Number(port), hostname);
  await new Promise<void>((resolve, reject) => socket.once("connect", resolve).once("error", reject));
  const chunks: Buffer[] = [];
  socket.on("data", (chunk: Buffer) => chunks.push(chunk));
  socket.on("error", () => undefined); // a reset by the server is one way to end
  const started = Date.now();
  const ended = new Promise<{ text: string; closed: boolean; afterMs: number }>((resolve) => {
    const timer = setTimeout(() => resolve({ text: Buffer.concat(chunks).toString("latin1"), closed: false, afterMs: Date.now() - started }), limitMs);
    socket.once("close", () => {
      clearTimeout(timer);
      resolve({ text: Buffer.concat(chunks).toString("latin1"), closed: true, afterMs: Date.now() - started });
    });
  });
  socket.write(head.replaceAll("\n", "\r\n") + "\r\n");
  socket.write(body);
  return { socket, ended };
}

/** Open file descriptors of this process (the test server runs in it) that point into `dir`. */
export function descriptorsInto(dir: string): string[] {
  const open: string[] = [];
  for (const fd of readdirSync("/proc/self/fd")) {
    try {
      const target = readlinkSync(`/proc/self/fd/${fd}`);
      if (target.startsWith(dir)) open.push(target);
    } catch {
      // closed between the listing and the read
    }
  }
  return open;
}
