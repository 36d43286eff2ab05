import { timing } from "@atendo/contracts";
import { useQuery } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import { useOffline } from "../../../lib/connectivity";
import { useServerEvent } from "../../../lib/socket";
import { monitorQueryOptions } from "../api/monitor.queries";
import { delayUntilChange } from "../lib/durations";

/**
 * The server events after which a figure of the monitor may have changed: each calls `changed`.
 * One line per event.
 */
function useMonitorEvents(changed: () => void): void {
  useServerEvent("ticket", changed); // waiting, taken, closed, moved: waiting, load, targets
  useServerEvent("appMessage", changed); // an attendant's first answer: today's medians, first-response targets
  useServerEvent("queue", changed); // a queue added, renamed, removed, its assignment mode or targets
  useServerEvent("user", changed); // a user added or removed, their capacity
  useServerEvent("presence", changed); // an attendant online, away or offline
  useServerEvent("slaBreached", changed); // a target missed (also reached by the timer at nextChangeAt)
}

/**
 * The monitor's figures, read again at most `timing.monitorRefreshMs` after an event (a burst of
 * events is one read), when a target turns at risk or breached with no event (`nextChangeAt`), and
 * when the connection comes back (events may have been missed meanwhile).
 */
export function useLiveMonitor() {
  const query = useQuery(monitorQueryOptions());
  const { refetch, data, dataUpdatedAt } = query;
  const scheduled = useRef<ReturnType<typeof setTimeout> | null>(null);

  const changed = useCallback(() => {
    if (scheduled.current !== null) return;
    scheduled.current = setTimeout(() => {
      scheduled.current = null;
      void refetch();
    }, timing.monitorRefreshMs);
  }, [refetch]);
  useEffect(
    () => () => {
      if (scheduled.current !== null) clearTimeout(scheduled.current);
    },
    [],
  );
  useMonitorEvents(changed);

  useEffect(() => {
    if (!data) return;
    const timer = setTimeout(() => void refetch(), delayUntilChange(data, dataUpdatedAt, Date.now()));
    return () => clearTimeout(timer);
  }, [data, dataUpdatedAt, refetch]);

  const offline = useOffline();
  const wasOffline = useRef(offline);
  useEffect(() => {
    if (wasOffline.current && !offline) changed();
    wasOffline.current = offline;
  }, [offline, changed]);

  return query;
}

/** Re-renders every `intervalMs` and returns the time: waits shown grow between reads. */
export function useNow(intervalMs: number): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
