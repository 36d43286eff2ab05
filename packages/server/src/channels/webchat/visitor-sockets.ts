import type { Namespace, Socket } from "socket.io";
import type { AppContext } from "../../context.js";
import { handshakeRefusal } from "../../realtime/handshake-refusal.js";
import { readVisitorToken } from "./visitor-token.js";
import { assertOrigin, visitorKey, visitorOf, visitorRoom, widgetOf } from "./webchat.service.js";

/**
 * The visitors' socket namespace (`/visitors`, decision 0090): a socket is admitted with its
 * widget's key and its visitor token (`auth: {widgetKey, token}`) from one of the widget's allowed
 * origins, and joins only its visitor's room. Visitors send nothing over it (messages go by HTTP,
 * checked and rate limited there); it only hears `message` events of its own conversation. Staff
 * events are never emitted on this namespace (realtime.ts emits only on Atendo's and the dialects').
 */
export function serveVisitorSockets(ctx: AppContext, space: Namespace): void {
  space.use((socket, next) => {
    admit(ctx, socket)
      .then(async (visitorId) => {
        // In the room before the connection completes: nothing sent from then on is missed.
        await socket.join(visitorRoom(visitorId));
        next();
      })
      .catch((error: unknown) => next(handshakeRefusal(error, "ERR_VISITOR_TOKEN")));
  });
}

async function admit(ctx: AppContext, socket: Socket): Promise<number> {
  const auth = socket.handshake.auth as { widgetKey?: unknown; token?: unknown };
  const refused = () => Object.assign(new Error("no visitor token"), { code: "ERR_VISITOR_TOKEN" });
  if (typeof auth.widgetKey !== "string" || typeof auth.token !== "string") throw refused();
  // The signature first (no database): a socket without a real token costs nothing more.
  if (!readVisitorToken(visitorKey(ctx), auth.token)) throw refused();
  const widget = await widgetOf(ctx.db, auth.widgetKey);
  assertOrigin(widget, socket.handshake.headers.origin);
  return (await visitorOf(ctx, widget, auth.token)).id;
}
