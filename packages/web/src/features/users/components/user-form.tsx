import { can, type User } from "@atendo/contracts";
import Alert from "@mui/material/Alert";
import { useState } from "react";
import { useWatch } from "react-hook-form";
import { useTranslation } from "../../../lib/i18n";
import { EntityDialogForm } from "../../../components/entity-dialog";
import { toastError } from "../../../lib/error-message";
import { isApiError } from "../../../lib/http";
import { useCurrentUser } from "../../../lib/session";
import { findUserByEmail } from "../api/users.api";
import { useCreateUser, useEditUser } from "../hooks/use-users";
import { UserFormFields } from "./user-form-fields";
import { useContractForm } from "../../../lib/form";
import { savedAndClose } from "../../../lib/use-saved-and-back";
import {
  createPayload,
  updatePayload,
  userFormDefaults,
  userFormSchema,
} from "./user-form.schema";

interface UserFormProps {
  /** The user being edited; none for a new user. */
  user?: User;
  onClose: () => void;
}

/**
 * Creates or edits a user. Creating with the email of a removed user (409 ERR_USER_DELETED_EXISTS)
 * shows a warning and turns the button into "Enable"; that second submit updates the removed user
 * with the form's fields and `isDeleted: false` (spec §4).
 */
export function UserForm({ user, onClose }: UserFormProps) {
  const { t } = useTranslation();
  const me = useCurrentUser();
  const adminFields = can(me?.profile, "user-modal:editProfile");
  const create = useCreateUser();
  const edit = useEditUser();
  const [removed, setRemoved] = useState<User | null>(null);
  const [checking, setChecking] = useState(false);
  // Editing oneself here (an admin on the users page) asks for the current password like the profile does.
  const self = Boolean(user && me && user.id === me.id);
  const form = useContractForm(userFormSchema(user ? "edit" : "create", { self }), userFormDefaults(user));
  const email = useWatch({ control: form.control, name: "email" });
  // Changing the email after the warning goes back to creating.
  const enabling = removed && removed.email === email.trim().toLowerCase() ? removed : null;

  async function handleCreateError(error: unknown, address: string): Promise<void> {
    if (!isApiError(error, "ERR_USER_DELETED_EXISTS")) {
      toastError(error);
      return;
    }
    setChecking(true);
    try {
      const { user: holder } = await findUserByEmail(address);
      if (holder?.isDeleted) setRemoved(holder);
      else toastError(error);
    } catch (lookupError) {
      toastError(lookupError);
    } finally {
      setChecking(false);
    }
  }

  const submit = form.handleSubmit((values) => {
    if (user) {
      edit.mutate({ id: user.id, body: updatePayload(values, adminFields) }, { onSuccess: savedAndClose(t("users.saved"), onClose) });
    } else if (enabling) {
      edit.mutate(
        { id: enabling.id, body: { ...updatePayload(values, adminFields), isDeleted: false } },
        { onSuccess: savedAndClose(t("users.enabled"), onClose) },
      );
    } else {
      create.mutate(createPayload(values, adminFields), {
        onSuccess: savedAndClose(t("users.saved"), onClose),
        onError: (error) => void handleCreateError(error, values.email),
      });
    }
  });

  return (
    <EntityDialogForm
      onSubmit={submit}
      onCancel={onClose}
      pending={create.isPending || edit.isPending || checking}
      submitLabel={enabling ? t("users.enable") : undefined}
      color={enabling ? "warning" : "primary"}
    >
      {enabling && <Alert severity="warning">{t("users.removedExists", { name: enabling.name })}</Alert>}
      <UserFormFields form={form} editing={Boolean(user)} self={self} adminFields={adminFields} current={user} />
    </EntityDialogForm>
  );
}
