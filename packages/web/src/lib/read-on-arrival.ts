import { useCallback, useEffect, useRef } from "react";

/**
 * A message arriving in the conversation on screen is read: at once while the page is visible,
 * or when the page shows again after it arrived hidden. Returns what to call on each arrival;
 * `markRead` tells the server (tickets and chats each have their own call).
 */
export function useReadOnArrival(markRead: () => void): () => void {
  const arrivedHidden = useRef(false);

  useEffect(() => {
    const onVisibility = () => {
      if (document.visibilityState !== "visible" || !arrivedHidden.current) return;
      arrivedHidden.current = false;
      markRead();
    };
    document.addEventListener("visibilitychange", onVisibility);
    return () => document.removeEventListener("visibilitychange", onVisibility);
  }, [markRead]);

  return useCallback(() => {
    if (document.visibilityState === "visible") markRead();
    else arrivedHidden.current = true;
  }, [markRead]);
}
