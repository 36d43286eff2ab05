import { timing } from "@atendo/contracts";
import { useEffect, useState } from "react";

/** `value`, once it has stopped changing for `delayMs` (spec §9: searches wait 500 ms). */
export function useDebouncedValue<T>(value: T, delayMs: number = timing.debounceMs): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}
