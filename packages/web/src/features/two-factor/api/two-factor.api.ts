import type { TwoFactorEnableResponse, TwoFactorSetupResponse, TwoFactorStatus } from "@atendo/contracts";
import { queryOptions } from "@tanstack/react-query";
import { http } from "../../../lib/http";

// The signed-in user's second factor (decision 0095) and an admin's reset of someone's.

export const twoFactorStatusQuery = queryOptions({
  queryKey: ["two-factor"],
  queryFn: () => http.get<TwoFactorStatus>("/auth/2fa"),
});

export const setupTwoFactor = () => http.post<TwoFactorSetupResponse>("/auth/2fa/setup");
export const enableTwoFactor = (code: string) => http.post<TwoFactorEnableResponse>("/auth/2fa/enable", { code });
export const disableTwoFactor = (code: string) => http.post<void>("/auth/2fa/disable", { code });
export const resetUserTwoFactor = (userId: number) => http.post<void>(`/users/${userId}/2fa/reset`);
