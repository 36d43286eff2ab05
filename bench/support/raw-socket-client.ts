// A minimal socket.io client for bench:sockets (BENCH_SOCKET_CLIENT=raw): the same protocol as
// socket.io-client over its websocket transport (Engine.IO 4, socket.io 5), but an event frame is
// only looked at, not parsed. On a 2-core machine the 2,000 real clients take more CPU than the
// server they measure (JSON.parse of every 2–3 kB frame); this one leaves that CPU to the server.
// The server cannot tell the two apart: same handshake, same auth, same answers to its pings.
import WebSocket from "ws";

export interface RawSocket {
  close(): void;
}

/** Connects to the default namespace with `auth`; every event frame (`42[...]`, as text) goes to `onEvent`. */
export function connectRaw(base: string, auth: Record<string, unknown>, onEvent: (frame: string) => void): Promise<RawSocket> {
  const url = `${base.replace(/^http/, "ws")}/socket.io/?EIO=4&transport=websocket`;
  const ws = new WebSocket(url);
  return new Promise((resolve, reject) => {
    ws.on("error", reject);
    ws.on("message", (data: WebSocket.RawData) => {
      const frame = data.toString();
      switch (frame[0]) {
        case "0": // Engine.IO open: join the default namespace, with the handshake's auth
          ws.send(`40${JSON.stringify(auth)}`);
          return;
        case "2": // Engine.IO ping: answered, or the server drops the socket
          ws.send("3");
          return;
        case "4":
          if (frame.startsWith("42")) onEvent(frame);
          else if (frame.startsWith("40")) resolve({ close: () => ws.close() });
          else if (frame.startsWith("44")) reject(new Error(`socket refused: ${frame.slice(2)}`));
          return;
      }
    });
    ws.on("close", () => reject(new Error("socket closed before it was admitted")));
  });
}
