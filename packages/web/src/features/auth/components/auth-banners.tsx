import { useState } from "react";
import { lazyIsland } from "../../../app/mui-island";
import { useOffline } from "../../../lib/connectivity";
import { readPreference, storageKeys } from "../../../lib/local-storage";
import { usePublicConfig } from "../../../lib/public-config";
import { useUpdateWaiting } from "../../../lib/service-worker";

// The banners are MUI: the public pages download them only when one has something to show.
const Banners = lazyIsland(() => import("./auth-banners-mui").then((module) => module.AuthBannersMui));

/** The shutdown, update and offline banners above the public pages, when there is one to show. */
export function AuthBanners() {
  const { config } = usePublicConfig();
  const waiting = useUpdateWaiting();
  const offline = useOffline();
  const shutdown = Boolean(config.shutdownBanner) && readPreference(storageKeys.shutdownBannerDismissed) !== "true";
  // Once shown, they stay mounted and hide themselves (a dismissed notice, the server back).
  const [shown, setShown] = useState(false);
  if (!shown && (shutdown || waiting || offline)) setShown(true);
  return shown ? <Banners /> : null;
}
