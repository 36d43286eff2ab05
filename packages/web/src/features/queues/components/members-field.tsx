import type { UserRef } from "@atendo/contracts";
import { useTranslation } from "../../../lib/i18n";
import { UsersAutocomplete } from "../../../components/users-autocomplete";
import type { FieldBinding } from "../../../lib/form";

/** The queue's users: searched on the server as the admin types (the user list is paged). */
export function MembersField({ value, onChange, onBlur }: FieldBinding<UserRef[]>) {
  const { t } = useTranslation();
  return (
    <UsersAutocomplete
      value={value}
      onChange={onChange}
      onBlur={onBlur}
      label={t("queues.users")}
      helperText={t("queues.usersHint")}
      noOptionsText={t("queues.noUsersFound")}
    />
  );
}
