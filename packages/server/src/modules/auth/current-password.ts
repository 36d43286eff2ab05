import type { AppContext } from "../../context.js";
import { AppError } from "../../core/app-error.js";
import type { UserRow } from "../users/user.presenter.js";
import { verifyPassword } from "./password.js";

/**
 * Proves the person changing a password knows the current one (an open session alone is not
 * enough). Wrong guesses count in the sign-in throttle, so a stolen access token cannot be used to
 * guess faster than the login form allows; a missing password is refused without counting.
 */
export async function confirmCurrentPassword(
  ctx: Pick<AppContext, "loginThrottle">,
  user: UserRow,
  given: string | undefined,
  ip: string,
): Promise<void> {
  if (!given) throw new AppError("ERR_WRONG_CURRENT_PASSWORD");
  const email = user.email.toLowerCase();
  ctx.loginThrottle.check(ip, email);
  if (!(await verifyPassword(user.passwordHash, given))) {
    ctx.loginThrottle.recordFailure(ip, email);
    throw new AppError("ERR_WRONG_CURRENT_PASSWORD");
  }
  ctx.loginThrottle.recordSuccess(ip, email);
}
