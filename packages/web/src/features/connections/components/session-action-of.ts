import type { Connection } from "@atendo/contracts";

export type SessionActionKind = "qr" | "disconnect" | "wait" | "simulator";

/**
 * Spec §4: `qrcode` shows the QR button; `CONNECTED`, `PAIRING` and `TIMEOUT` disconnect;
 * `OPENING` and `DISCONNECTING` wait. A running API connection has no session to pair or drop:
 * its action is the customer simulator.
 */
export function sessionActionOf({ kind, status }: Pick<Connection, "kind" | "status">): SessionActionKind {
  if (status === "qrcode") return "qr";
  if (status === "OPENING" || status === "DISCONNECTING") return "wait";
  if (kind === "api" && status === "CONNECTED") return "simulator";
  return "disconnect";
}
