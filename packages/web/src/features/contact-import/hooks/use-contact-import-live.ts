import type { ContactImport } from "@atendo/contracts";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useEffectEvent, useRef } from "react";
import { useTranslation } from "../../../lib/i18n";
import { useServerEvent, useSocket } from "../../../lib/socket";
import { toast } from "../../../lib/toast";
import { contactImportKey, ongoingImportQueryOptions } from "../api/contact-import.queries";
import { applyImportEvent } from "../lib/import-state";
import { storeLatestImport } from "./use-contact-import";

/** Spec §8: the import's success toast stays 5 s (others 1 s). */
const importToastMs = 5000;

/**
 * `ContactsImports` events (to admins) into the cache, so the progress bar moves. When the
 * connection comes up the import is fetched again: an import that ended, or stopped with the
 * server, while it was down must not look as if it still ran. When `latest` ends, whether an
 * event or a fetch said so, a toast tells how it went and `onFinished` runs (the contacts list is
 * fetched again).
 */
export function useContactImportLive(latest: ContactImport | null | undefined, onFinished: () => void): void {
  const { t } = useTranslation();
  const queryClient = useQueryClient();

  useServerEvent("ContactsImports", (event) => {
    const current = queryClient.getQueryData(ongoingImportQueryOptions.queryKey)?.import ?? null;
    const next = applyImportEvent(current, event);
    if (next && next !== current) storeLatestImport(queryClient, next);
  });

  const seen = useRef(latest);
  const notifyEnd = useEffectEvent((ended: ContactImport) => {
    if (ended.status === "failed") toast.error(t("contactImport.toastFailed"));
    else toast.success(t("contactImport.toastFinished", countsOf(ended)), importToastMs);
    onFinished();
  });
  useEffect(() => {
    const before = seen.current;
    seen.current = latest;
    if (latest && latest.status !== "running" && before?.status === "running" && before.id === latest.id) notifyEnd(latest);
  }, [latest]);

  // Whenever the connection comes up after this page opened (a reconnect, or a first connect
  // that came late), events may have been missed: the import is fetched again.
  const socket = useSocket();
  useEffect(() => {
    if (!socket) return;
    const onConnect = () => void queryClient.invalidateQueries({ queryKey: contactImportKey });
    socket.on("connect", onConnect);
    return () => {
      socket.off("connect", onConnect);
    };
  }, [socket, queryClient]);
}

function countsOf(contactImport: ContactImport) {
  return { success: contactImport.successCount, failed: contactImport.failedCount, repeated: contactImport.repeatedCount };
}
