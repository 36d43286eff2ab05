import type {
  ForgotPasswordBody,
  LoginBody,
  LoginResponse,
  LoginSecondFactorBody,
  ResetPasswordBody,
  SignedInResponse,
  SignupBody,
  User,
} from "@atendo/contracts";
import { http } from "../../../lib/http";

/** The password step: a session, or the code step it awaits (`twoFactorRequired`). */
export function login(body: LoginBody): Promise<LoginResponse> {
  return http.post<LoginResponse>("/auth/login", body, { anonymous: true });
}

/** The code step of a sign-in with a second factor (a TOTP or a recovery code). */
export function loginSecondFactor(body: LoginSecondFactorBody): Promise<SignedInResponse> {
  return http.post<SignedInResponse>("/auth/login/2fa", body, { anonymous: true });
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
