import type { MonitorSnapshot } from "@atendo/contracts";
import { http } from "../../../lib/http";

/** GET /monitor: the live monitor's figures at this moment (admins). */
export function fetchMonitor(signal?: AbortSignal): Promise<MonitorSnapshot> {
  return http.get<MonitorSnapshot>("/monitor", { signal });
}
