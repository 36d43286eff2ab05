import type { UserRef } from "@atendo/contracts";
import { useState } from "react";
import { UserAutocomplete } from "../../../components/users-autocomplete";
import { useTranslation } from "../../../lib/i18n";

interface AuditUserFieldProps {
  userId: number | null;
  onChange: (userId: number | null) => void;
}

/** The "who" filter: a user picked by name. */
export function AuditUserField({ userId, onChange }: AuditUserFieldProps) {
  const { t } = useTranslation();
  const [picked, setPicked] = useState<UserRef | null>(null);
  return (
    <UserAutocomplete
      label={t("auditLog.filters.user")}
      value={picked?.id === userId ? picked : null}
      onChange={(user) => {
        setPicked(user);
        onChange(user?.id ?? null);
      }}
      noOptionsText={t("usersAutocomplete.noUsersFound")}
    />
  );
}
