import { useState } from "react";
import { splitBySize } from "../lib/attachment-checks";

/**
 * Files picked or pasted into the composer. Files over the size checks of spec §5 are left out
 * and counted in `oversize` (the snackbar), which `dismissOversize` clears.
 */
export function useAttachments() {
  const [files, setFiles] = useState<File[]>([]);
  const [oversize, setOversize] = useState(0);
  return {
    files,
    oversize,
    add(added: readonly File[]) {
      const checked = splitBySize(added);
      if (checked.accepted.length > 0) setFiles((current) => [...current, ...checked.accepted]);
      if (checked.oversize.length > 0) setOversize(checked.oversize.length);
    },
    remove(index: number) {
      setFiles((current) => current.filter((_, at) => at !== index));
    },
    clear() {
      setFiles([]);
    },
    dismissOversize() {
      setOversize(0);
    },
  };
}
