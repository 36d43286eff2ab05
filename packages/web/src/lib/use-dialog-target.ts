import { useState } from "react";

/**
 * The record a dialog is about (the one to confirm deleting, the one to edit; null for a new
 * one). The record outlives `open` so the dialog keeps its title and fields while it fades out.
 */
export function useDialogTarget<T>() {
  const [target, setTarget] = useState<T | null>(null);
  const [open, setOpen] = useState(false);
  return {
    target,
    open,
    show: (value: T) => {
      setTarget(value);
      setOpen(true);
    },
    close: () => setOpen(false),
  };
}

export type DialogTarget<T> = ReturnType<typeof useDialogTarget<T>>;
