import { updateUserBody, type User } from "@atendo/contracts";
import DialogContent from "@mui/material/DialogContent";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import { useWatch } from "react-hook-form";
import { useTranslation } from "../../../lib/i18n";
import { z } from "zod";
import { DialogSubmitActions } from "../../../components/dialog-submit-actions";
import { useContractForm } from "../../../lib/form";
import { useSaveProfile } from "../hooks/use-user";
import { CurrentPasswordField } from "./current-password-field";
import { passwordChange, requireCurrentPassword } from "./current-password";
import { NewPasswordField } from "./new-password-field";

const schema = z
  .object({ password: updateUserBody.shape.password.unwrap(), currentPassword: z.string() })
  .superRefine(requireCurrentPassword);

interface UserProfileFormProps {
  user: User;
  onClose: () => void;
}

/**
 * A normal user sees name, extension and email read-only and may change the password (spec §6),
 * typing the current one as well.
 */
export function UserProfileForm({ user, onClose }: UserProfileFormProps) {
  const { t } = useTranslation();
  const profile = useSaveProfile(user.id, onClose);
  const form = useContractForm(schema, { password: "", currentPassword: "" });
  const { register, handleSubmit, control, formState } = form;
  const password = useWatch({ control, name: "password" });

  const submit = handleSubmit((values) => profile.save(passwordChange(values.password, values.currentPassword)));

  return (
    <form noValidate onSubmit={submit}>
      <DialogContent dividers>
        <Stack spacing={2}>
          <TextField label={t("profile.name")} value={user.name} slotProps={{ input: { readOnly: true } }} />
          <TextField label={t("profile.email")} value={user.email} slotProps={{ input: { readOnly: true } }} />
          <TextField
            label={t("profile.extension")}
            value={user.extension ?? ""}
            slotProps={{ input: { readOnly: true } }}
          />
          <NewPasswordField registration={register("password")} invalid={Boolean(formState.errors.password)} />
          {password && <CurrentPasswordField form={form} />}
        </Stack>
      </DialogContent>
      <DialogSubmitActions label={t("common.save")} onCancel={onClose} pending={profile.isPending} disabled={!password} />
    </form>
  );
}
