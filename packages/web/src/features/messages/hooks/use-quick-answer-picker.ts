import type { QuickAnswer } from "@atendo/contracts";
import { useState, type KeyboardEvent } from "react";
import { useQuickAnswerLookup } from "./use-quick-answer-lookup";

/**
 * The "/" suggestions' keyboard: arrows move, Enter or Tab picks, Escape closes until the text
 * changes. Returns whether a key was used, so the composer does not also send on Enter.
 */
export function useQuickAnswerPicker(input: string, onChoose: (answer: QuickAnswer) => void) {
  const options = useQuickAnswerLookup(input);
  const [active, setActive] = useState(0);
  const [dismissedFor, setDismissedFor] = useState<string | null>(null);
  const open = options.length > 0 && dismissedFor !== input;
  const activeIndex = Math.min(active, options.length - 1);

  const choose = (answer: QuickAnswer) => {
    setActive(0);
    onChoose(answer);
  };

  const onKeyDown = (event: KeyboardEvent): boolean => {
    if (!open) return false;
    const chosen = options[activeIndex];
    switch (event.key) {
      case "ArrowDown":
        setActive((activeIndex + 1) % options.length);
        return true;
      case "ArrowUp":
        setActive((activeIndex - 1 + options.length) % options.length);
        return true;
      case "Enter":
      case "Tab":
        if (event.shiftKey || !chosen) return false;
        choose(chosen);
        return true;
      case "Escape":
        setDismissedFor(input);
        return true;
      default:
        return false;
    }
  };

  return { open, options, activeIndex, choose, onKeyDown, resetActive: () => setActive(0) };
}
