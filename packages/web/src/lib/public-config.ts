import type { PublicConfig } from "@atendo/contracts";
import { useQuery } from "@tanstack/react-query";
import { http } from "./http";
import { browserTimeZone, setDisplayTimeZone } from "./time-zone";

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
  timeZone: browserTimeZone(),
  sso: null,
  passwordSignIn: true,
};

export const defaultLogoUrl = "/logo.svg";

export interface PublicConfigState {
  config: PublicConfig;
  /** True once the server's answer arrived (false while loading or after a failure). */
  loaded: boolean;
  /** The answer arrived or the request failed: the defaults stand from now on. */
  settled: boolean;
}

/** GET /api/public/config; its time zone becomes the zone every date is shown in. */
async function fetchPublicConfig(signal: AbortSignal): Promise<PublicConfig> {
  const config = await http.get<PublicConfig>("/public/config", { signal, anonymous: true });
  setDisplayTimeZone(config.timeZone);
  return config;
}

/** White-label values and public switches from GET /api/public/config. */
export function usePublicConfig(): PublicConfigState {
  const query = useQuery({
    queryKey: publicConfigQueryKey,
    queryFn: ({ signal }) => fetchPublicConfig(signal),
    staleTime: 5 * 60_000,
    meta: { silent: true },
  });
  const data = query.data;
  if (!data) return { config: defaultPublicConfig, loaded: false, settled: query.isError };
  return {
    config: { ...defaultPublicConfig, ...data, appTitle: data.appTitle || defaultPublicConfig.appTitle },
    loaded: true,
    settled: true,
  };
}
