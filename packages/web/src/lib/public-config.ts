import type { PublicConfig } from "@atendo/contracts";
import { useQuery } from "@tanstack/react-query";
import { http } from "./http";

export const publicConfigQueryKey = ["public-config"] as const;

/** Used until the server answers, and when it cannot be reached: the login page still works. */
export const defaultPublicConfig: PublicConfig = {
  appTitle: "Atendo",
  appLogoUrl: null,
  loginLogoUrl: null,
  shutdownBanner: null,
  userCreation: "disabled",
  autoCloseHours: 0,
  passwordReset: false,
};

export const defaultLogoUrl = "/logo.svg";

export interface PublicConfigState {
  config: PublicConfig;
  /** True once the server's answer arrived (false while loading or after a failure). */
  loaded: boolean;
}

/** White-label values and public switches from GET /api/public/config. */
export function usePublicConfig(): PublicConfigState {
  const query = useQuery({
    queryKey: publicConfigQueryKey,
    queryFn: ({ signal }) => http.get<PublicConfig>("/public/config", { signal, anonymous: true }),
    staleTime: 5 * 60_000,
    meta: { silent: true },
  });
  const data = query.data;
  if (!data) return { config: defaultPublicConfig, loaded: false };
  return {
    config: { ...defaultPublicConfig, ...data, appTitle: data.appTitle || defaultPublicConfig.appTitle },
    loaded: true,
  };
}
