import { connect, createServer, type Socket } from "node:net";

/**
 * A TCP load balancer in front of Atendo instances, as a deployment puts one: each new connection
 * goes to the current target; when that instance dies its connections end, and the clients'
 * reconnects go wherever `target` points then (a balancer's health check taking the dead one out).
 */
export interface TcpBalancer {
  url: string;
  /** Where new connections go from now on (a base URL, `http://127.0.0.1:<port>`). */
  target(baseUrl: string): void;
  close(): Promise<void>;
}

export async function startBalancer(firstTarget: string): Promise<TcpBalancer> {
  let port = Number(new URL(firstTarget).port);
  const open = new Set<Socket>();
  const server = createServer((client) => {
    const upstream = connect(port, "127.0.0.1");
    for (const socket of [client, upstream]) {
      open.add(socket);
      socket.on("close", () => open.delete(socket));
    }
    // Either side gone (the instance killed, the client closed): the other goes too.
    const end = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on("error", end).on("close", end);
    upstream.on("error", end).on("close", end);
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  return {
    url: `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`,
    target(baseUrl) {
      port = Number(new URL(baseUrl).port);
    },
    async close() {
      for (const socket of open) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
