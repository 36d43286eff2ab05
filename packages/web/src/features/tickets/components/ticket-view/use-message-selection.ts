import type { Message } from "@atendo/contracts";
import { useState } from "react";

const none: ReadonlySet<number> = new Set();

/**
 * Forwarding's selection mode: off, or on with the picked message ids. Deleted messages are never
 * picked (spec §4), whatever the list lets through.
 */
export function useMessageSelection() {
  const [selectedIds, setSelectedIds] = useState<ReadonlySet<number> | null>(null);
  return {
    active: selectedIds !== null,
    selectedIds: selectedIds ?? none,
    start: (message: Message) => setSelectedIds(new Set(message.isDeleted ? [] : [message.id])),
    onToggle: (message: Message) => {
      if (message.isDeleted) return;
      setSelectedIds((current) => {
        const next = new Set(current ?? []);
        if (next.has(message.id)) next.delete(message.id);
        else next.add(message.id);
        return next;
      });
    },
    cancel: () => setSelectedIds(null),
  };
}
