/**
 * One system call per socket per event-loop turn, however many frames it is sent in that turn
 * (decision 0106).
 *
 * Each frame to a websocket cost a `writev` of its own: engine.io writes every packet of a flush
 * separately, and on a loaded server most packets wait in its buffer for the previous write's
 * callback, then go out one call each. The call, not the JavaScript around it, was most of the
 * node CPU of a delivered event (bench/README.md, issue 35). Here the first flush of a turn corks
 * the connection's TCP socket; the frames of that turn collect behind it, in the order they were
 * written, and leave together when the turn's immediates run. Nothing is reordered or dropped: the
 * socket's own queue keeps every write in call order; a frame waits at most for the rest of the
 * turn it was written in.
 */
import { Socket as TcpSocket } from "node:net";
import type { Socket } from "socket.io";

/** An engine.io connection (what `io.engine` emits on "connection"; one per client, whatever its namespaces). */
export type EngineConnection = Socket["conn"];

/** The TCP sockets corked in this turn, uncorked together at its end. */
export interface TurnWrites {
  /** Makes every write of `conn` in a turn leave in one system call. */
  batch(conn: EngineConnection): void;
}

export function createTurnWrites(): TurnWrites {
  const corked = new Set<TcpSocket>();
  const release = () => {
    for (const socket of corked) socket.uncork();
    corked.clear();
  };
  const hold = (socket: TcpSocket) => {
    if (corked.has(socket)) return;
    if (corked.size === 0) setImmediate(release);
    socket.cork();
    corked.add(socket);
  };
  return {
    batch(conn) {
      // "flush" comes before engine.io hands a batch of packets to its transport: the place to cork.
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
