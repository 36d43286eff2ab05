import { createServer, type Socket } from "node:net";

export interface CapturedMail {
  to: string[];
  subject: string;
  /** The text body, transfer encoding undone. */
  text: string;
}

export interface FakeSmtp {
  url: string;
  mails: CapturedMail[];
  /** Resolves with the next mail that arrives (or the first one not yet taken). */
  nextMail(): Promise<CapturedMail>;
  close(): Promise<void>;
}

/** Undoes quoted-printable (soft line breaks, =XX bytes) or base64, as the headers say. */
function decodeBody(headers: string, body: string): string {
  if (/content-transfer-encoding:\s*quoted-printable/i.test(headers)) {
    const bytes = body.replace(/=\r\n/g, "").replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return Buffer.from(bytes, "latin1").toString("utf8");
  }
  if (/content-transfer-encoding:\s*base64/i.test(headers)) return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  return body;
}

function parse(to: string[], data: string): CapturedMail {
  const split = data.indexOf("\r\n\r\n");
  const headers = data.slice(0, split);
  const body = data.slice(split + 4).replace(/^\.\./gm, ".");
  const subject = /^subject:\s*(.*)$/im.exec(headers)?.[1]?.trim() ?? "";
  return { to, subject, text: decodeBody(headers, body) };
}

/**
 * Just enough of an SMTP server for nodemailer (no TLS, no auth): what the server mails lands
 * here, so a journey can follow a link the way a person opens it from their inbox.
 */
export async function startFakeSmtp(): Promise<FakeSmtp> {
  const mails: CapturedMail[] = [];
  let taken = 0;
  const waiting: Array<(mail: CapturedMail) => void> = [];
  const deliver = (mail: CapturedMail) => {
    mails.push(mail);
    const waiter = waiting.shift();
    if (waiter) {
      taken++;
      waiter(mail);
    }
  };

  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    let buffer = "";
    let inData = false;
    let to: string[] = [];
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply("220 fake-smtp ready");
    socket.on("data", (chunk: Buffer) => {
      buffer += chunk.toString("latin1");
      for (;;) {
        if (inData) {
          const end = buffer.indexOf("\r\n.\r\n");
          if (end === -1) return;
          deliver(parse(to, Buffer.from(buffer.slice(0, end), "latin1").toString("latin1")));
          buffer = buffer.slice(end + 5);
          inData = false;
          to = [];
          reply("250 queued");
          continue;
        }
        const newline = buffer.indexOf("\r\n");
        if (newline === -1) return;
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === "EHLO" || verb === "HELO") reply("250 fake-smtp");
        else if (verb === "RCPT") {
          to.push(/<([^>]*)>/.exec(line)?.[1] ?? "");
          reply("250 ok");
        } else if (verb === "DATA") {
          inData = true;
          reply("354 go ahead");
        } else if (verb === "QUIT") {
          reply("221 bye");
          socket.end();
        } else reply("250 ok");
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    nextMail() {
      const ready = mails[taken];
      if (ready) {
        taken++;
        return Promise.resolve(ready);
      }
      return new Promise((resolve) => waiting.push(resolve));
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
