import { useState } from "react";
import { saveBlob } from "./download";
import { toastError } from "./error-message";
import type { ApiFile } from "./http";

/**
 * Fetches a file when asked and saves it through the browser, `busy` meanwhile (for a spinner and
 * to refuse a second click); a failure is toasted. `fallbackName` is used when the fetch names none.
 */
export function useDownload(fetchFile: () => Promise<ApiFile | Blob>, fallbackName: string) {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const file = await fetchFile();
      if (file instanceof Blob) saveBlob(file, fallbackName);
      else saveBlob(file.blob, file.fileName ?? fallbackName);
    } catch (error) {
      toastError(error);
    } finally {
      setBusy(false);
    }
  };
  return { busy, download: () => void download() };
}
