/**
 * At most two system calls per socket per event-loop turn, however many frames it is sent in that
 * turn (decision 0106).
 *
 * Each frame to a websocket cost a `writev` of its own: engine.io writes every packet of a flush
 * separately, and on a loaded server most packets wait in its buffer for the previous write's
 * callback, then go out one call each. The call, not the JavaScript around it, was most of the
 * node CPU of a delivered event (bench/README.md, issue 35). Here the first flush of a turn corks
 * the connection's TCP socket; it is uncorked when the turn's immediates run, and what engine.io
 * kept back meanwhile leaves right after, corked the same way: at most two calls per socket per
 * turn, whatever the number of frames. Nothing is reordered or dropped (the socket's own queue
 * keeps every write in call order); a frame waits at most for the rest of the turn it was sent in.
 */
import { Socket as TcpSocket } from "node:net";
import type { Socket } from "socket.io";

/** An engine.io connection (what `io.engine` emits on "connection"; one per client, whatever its namespaces). */
export type EngineConnection = Socket["conn"];

/** Batches the writes of connections: their TCP sockets corked in a turn, uncorked at its end. */
export interface TurnWrites {
  /** Makes every write of `conn` in a turn leave in one system call. */
  batch(conn: EngineConnection): void;
}

export function createTurnWrites(): TurnWrites {
  /** Corked until this turn's immediates. */
  const turn = new Set<TcpSocket>();
  /** Corked until the next tick: what engine.io held back while the turn's writes were corked. */
  const aftermath = new Set<TcpSocket>();
  let releasing = false;
  const uncork = (held: Set<TcpSocket>) => {
    for (const socket of held) socket.uncork();
    held.clear();
  };
  const endTurn = () => {
    releasing = true;
    uncork(turn);
    // Those writes complete on the next tick, and engine.io flushes then what it kept behind them
    // (it sends nothing while a write is pending): that goes out now too, in one call per socket.
    process.nextTick(() => {
      releasing = false;
    });
  };
  const hold = (socket: TcpSocket) => {
    if (turn.has(socket) || aftermath.has(socket)) return;
    const held = releasing ? aftermath : turn;
    if (held.size === 0) {
      if (releasing) process.nextTick(uncork, aftermath);
      else setImmediate(endTurn);
    }
    socket.cork();
    held.add(socket);
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
