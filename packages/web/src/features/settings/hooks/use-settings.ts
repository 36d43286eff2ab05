import type { Setting, SettingKey } from "@atendo/contracts";
import { useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { publicConfigQueryKey } from "../../../lib/public-config";
import { useServerEvent } from "../../../lib/socket";
import { getSettings, updateSetting } from "../api/settings.api";

export const settingsQueryKey = ["settings"] as const;

function storeSetting(queryClient: QueryClient, changed: Pick<Setting, "key" | "value"> & { updatedAt?: string }): void {
  queryClient.setQueryData<Setting[]>(settingsQueryKey, (current) => {
    if (!current) return current;
    const updatedAt = changed.updatedAt ?? new Date().toISOString();
    const next = { key: changed.key, value: changed.value, updatedAt };
    return current.some((item) => item.key === changed.key)
      ? current.map((item) => (item.key === changed.key ? next : item))
      : [...current, next];
  });
  // Sign-up availability is also part of the public configuration.
  if (changed.key === "userCreation") void queryClient.invalidateQueries({ queryKey: publicConfigQueryKey });
}

export function useSettings() {
  return useQuery({
    queryKey: settingsQueryKey,
    queryFn: ({ signal }) => getSettings(signal),
    meta: { silent: true }, // the page shows the error itself
  });
}

export function settingValue(settings: readonly Setting[] | undefined, key: SettingKey): string | undefined {
  return settings?.find((item) => item.key === key)?.value;
}

export function useUpdateSetting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ key, value }: { key: SettingKey; value: string }) => updateSetting(key, value),
    onSuccess: (setting) => storeSetting(queryClient, setting),
  });
}

/** Applies "settings" socket events (changes by other admins) to the cached settings. */
export function useSettingsLive(): void {
  const queryClient = useQueryClient();
  useServerEvent("settings", (event) => storeSetting(queryClient, event.setting));
}
