import { useEffect } from "react";
import { usePublicConfig } from "../lib/public-config";
import { useUnreadTotal } from "../lib/unread";

/** "(3) Atendo": the white-label title, prefixed with the total unread count (spec §2). */
export function useDocumentTitle(): void {
  const { config } = usePublicConfig();
  const unread = useUnreadTotal();
  useEffect(() => {
    document.title = unread > 0 ? `(${unread}) ${config.appTitle}` : config.appTitle;
  }, [config.appTitle, unread]);
}
