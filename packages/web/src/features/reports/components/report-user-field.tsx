import type { UserRef } from "@atendo/contracts";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "../../../lib/i18n";
import { UserAutocomplete } from "../../../components/users-autocomplete";
import { userQueryOptions } from "../../users";

interface ReportUserFieldProps {
  userId: number | null;
  onChange: (userId: number | null) => void;
}

/** The attendant filter: picked by name; after a reload the address has only the id, so the name is fetched. */
export function ReportUserField({ userId, onChange }: ReportUserFieldProps) {
  const { t } = useTranslation();
  const [picked, setPicked] = useState<UserRef | null>(null);
  const known = picked?.id === userId ? picked : null;
  const stored = useQuery({ ...userQueryOptions(userId ?? 0), enabled: userId !== null && !known, meta: { silent: true } });
  const value = known ?? (userId !== null && stored.data ? { id: stored.data.id, name: stored.data.name } : null);
  return (
    <UserAutocomplete
      label={t("reports.filters.user")}
      value={value}
      onChange={(user) => {
        setPicked(user);
        onChange(user?.id ?? null);
      }}
      noOptionsText={t("usersAutocomplete.noUsersFound")}
    />
  );
}
