import type { ForgotPasswordBody, LoginBody, ResetPasswordBody, SessionResponse, SignupBody, User } from "@atendo/contracts";
import { http } from "../../../lib/http";

export function login(body: LoginBody): Promise<SessionResponse> {
  return http.post<SessionResponse>("/auth/login", body, { anonymous: true });
}

export function signup(body: SignupBody): Promise<User> {
  return http.post<User>("/auth/signup", body, { anonymous: true });
}

export function logout(): Promise<void> {
  return http.delete<void>("/auth/logout");
}

export function forgotPassword(body: ForgotPasswordBody): Promise<void> {
  return http.post<void>("/auth/forgot-password", body, { anonymous: true });
}

export function resetPassword(body: ResetPasswordBody): Promise<void> {
  return http.post<void>("/auth/reset-password", body, { anonymous: true });
}
