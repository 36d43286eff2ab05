import { OfflineBanner } from "../../../components/offline-banner";
import { ShutdownBanner } from "../../../components/shutdown-banner";
import { UpdateBanner } from "../../../components/update-banner";

/** The banners of every page, for the public pages' lazy island (auth-banners.tsx). */
export function AuthBannersMui() {
  return (
    <>
      <ShutdownBanner />
      <UpdateBanner />
      <OfflineBanner />
    </>
  );
}
