import type { Setting, SettingKey } from "@atendo/contracts";
import { http } from "../../../lib/http";

export function getSettings(signal?: AbortSignal): Promise<Setting[]> {
  return http.get<Setting[]>("/settings", { signal });
}

/** For `userApiToken` the value is ignored and the server generates a new token. */
export function updateSetting(key: SettingKey, value: string): Promise<Setting> {
  return http.put<Setting>(`/settings/${key}`, { value });
}
