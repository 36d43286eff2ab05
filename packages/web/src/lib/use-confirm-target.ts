import { useState } from "react";

/**
 * The record a confirmation dialog asks about. The record outlives `open` so the dialog keeps its
 * title while it fades out.
 */
export function useConfirmTarget<T>() {
  const [target, setTarget] = useState<T | null>(null);
  const [open, setOpen] = useState(false);
  return {
    target,
    open,
    ask: (value: T) => {
      setTarget(value);
      setOpen(true);
    },
    close: () => setOpen(false),
  };
}

export type ConfirmTarget<T> = ReturnType<typeof useConfirmTarget<T>>;
