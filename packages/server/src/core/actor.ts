import type { users } from "../db/schema/index.js";
import { AppError } from "./app-error.js";

/** The signed-in user acting on a request or a socket. */
export type Actor = typeof users.$inferSelect & {
  sessionId: string;
  /** The sign-in may only enrol a second factor (everyone must have one; decision 0095). */
  twoFactorEnrolmentPending?: boolean;
};

export function requireAdmin(actor: Actor): void {
  if (actor.profile !== "admin") throw new AppError("ERR_NO_PERMISSION");
}
