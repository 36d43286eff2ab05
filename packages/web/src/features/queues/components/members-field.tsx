import type { UserRef } from "@atendo/contracts";
import { useTranslation } from "../../../lib/i18n";
import { UsersAutocomplete } from "../../../components/users-autocomplete";
import type { FieldBinding } from "../../../lib/form";
import { UnstaffedAlert } from "./unstaffed-warning";

/**
 * The queue's users: searched on the server as the admin types (the user list is paged). With
 * none, a warning says who will see its customers (docs/decisions/0069).
 */
export function MembersField({ value, onChange, onBlur }: FieldBinding<UserRef[]>) {
  const { t } = useTranslation();
  return (
    <div>
      <UsersAutocomplete
        value={value}
        onChange={onChange}
        onBlur={onBlur}
        label={t("queues.users")}
        helperText={t("queues.usersHint")}
        noOptionsText={t("queues.noUsersFound")}
      />
      {value.length === 0 && <UnstaffedAlert />}
    </div>
  );
}
