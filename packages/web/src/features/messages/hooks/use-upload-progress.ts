import { useRef, useState } from "react";
import type { UploadProgress, UploadTransfer } from "../../../lib/http";

/**
 * The composer's file sending: how far the current upload is, and a Cancel that aborts it (the
 * request stops, the server keeps nothing of it). `start` gives the transfer to hand to the send;
 * `finish` says whether it ended by a cancel.
 */
export function useUploadProgress() {
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const controller = useRef<AbortController | null>(null);
  return {
    /** Null while nothing is being uploaded. */
    progress,
    start(): UploadTransfer {
      const current = new AbortController();
      controller.current = current;
      setProgress({ sent: 0, total: 0 });
      return { signal: current.signal, onProgress: (next) => controller.current === current && setProgress(next) };
    },
    finish(): { cancelled: boolean } {
      const cancelled = controller.current?.signal.aborted ?? false;
      controller.current = null;
      setProgress(null);
      return { cancelled };
    },
    cancel(): void {
      controller.current?.abort();
    },
  };
}
