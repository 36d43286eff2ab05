/**
 * Frames written to a socket in one burst of synchronous work leave in one system call, not one
 * each (decision 0106).
 *
 * Each frame to a websocket cost a `writev` of its own, and the call (on loopback it also runs the
 * receiver's TCP path) was most of the node CPU of a delivered event (bench/README.md, issue 35).
 * engine.io writes every packet of a flush separately; on a loaded server most packets wait in its
 * buffer for the previous write's callback (it sends nothing while a write is pending) and then
 * go out together, one call each. Here a flush corks the connection's TCP socket until the next
 * tick: what that flush writes, and anything else written to the socket before that tick, leaves
 * in one call. Nothing waits for other callbacks (no timer, no later turn of the event loop), and
 * nothing is reordered: the socket's own queue keeps every write in call order.
 */
import { Socket as TcpSocket } from "node:net";
import type { Socket } from "socket.io";

/** An engine.io connection (what `io.engine` emits on "connection"; one per client, whatever its namespaces). */
export type EngineConnection = Socket["conn"];

export interface CoalescedWrites {
  /** From now on, each flush of `conn` leaves in one system call. */
  attach(conn: EngineConnection): void;
}

export function createCoalescedWrites(): CoalescedWrites {
  const corked = new Set<TcpSocket>();
  const release = () => {
    const sockets = [...corked];
    corked.clear();
    for (const socket of sockets) socket.uncork();
  };
  const hold = (socket: TcpSocket) => {
    if (corked.has(socket)) return;
    if (corked.size === 0) process.nextTick(release);
    socket.cork();
    corked.add(socket);
  };
  return {
    attach(conn) {
      // "flush" comes just before engine.io hands its buffered packets to the transport.
      conn.on("flush", () => {
        const socket = tcpSocketOf(conn);
        if (socket) hold(socket);
      });
    },
  };
}

/**
 * The TCP socket under a connection's websocket transport, or undefined (long polling, or a ws
 * version that keeps it elsewhere: then nothing is corked and every frame goes out as before).
 * `transport.socket` is engine.io's ws instance and `_socket` its TCP socket, neither typed.
 */
function tcpSocketOf(conn: EngineConnection): TcpSocket | undefined {
  const websocket = (conn.transport as { socket?: { _socket?: unknown } }).socket;
  const tcp = websocket?._socket;
  return tcp instanceof TcpSocket ? tcp : undefined;
}
