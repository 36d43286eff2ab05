import { z } from "zod";
import { email } from "./common.js";
import { limits } from "./limits.js";
import { user } from "./users.js";

/** The login screen's email pattern (spec §5): submit is disabled until it matches. */
export const loginEmailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

export const loginBody = z.object({
  email: z.string().trim().toLowerCase().regex(loginEmailPattern),
  password: z.string().min(1).max(200),
});
export type LoginBody = z.infer<typeof loginBody>;

export const signupBody = z.object({
  name: z.string().trim().min(limits.name.min).max(limits.name.max),
  email,
  password: z.string().min(limits.signupPassword.min).max(limits.signupPassword.max),
});
export type SignupBody = z.infer<typeof signupBody>;

export const sessionResponse = z.object({ token: z.string(), user });
export type SessionResponse = z.infer<typeof sessionResponse>;

/** Name of the httpOnly refresh cookie. */
export const refreshCookieName = "jrt";
