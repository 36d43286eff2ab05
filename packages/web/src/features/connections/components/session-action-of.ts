import type { Connection } from "@atendo/contracts";

export type SessionActionKind = "qr" | "disconnect" | "wait" | "simulator" | "retry";

/**
 * Spec §4: `qrcode` shows the QR button; `CONNECTED`, `PAIRING` and `TIMEOUT` disconnect;
 * `OPENING` and `DISCONNECTING` wait. A running API connection has no session to pair or drop:
 * its action is the customer simulator. A TIMEOUT because the channel could not be reached (it
 * has a `statusDetail`) offers "Try again" instead: disconnecting would throw away a paired session.
 */
export function sessionActionOf({ kind, status, statusDetail }: Pick<Connection, "kind" | "status" | "statusDetail">): SessionActionKind {
  if (status === "qrcode") return "qr";
  if (status === "TIMEOUT" && statusDetail) return "retry";
  if (status === "OPENING" || status === "DISCONNECTING") return "wait";
  if (kind === "api" && status === "CONNECTED") return "simulator";
  return "disconnect";
}
