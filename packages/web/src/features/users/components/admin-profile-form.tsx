import { limits, updateUserBody, type User } from "@atendo/contracts";
import DialogContent from "@mui/material/DialogContent";
import Stack from "@mui/material/Stack";
import { Controller, useWatch } from "react-hook-form";
import { useTranslation } from "../../../lib/i18n";
import { DialogSubmitActions } from "../../../components/dialog-submit-actions";
import { FormTextField } from "../../../components/form-text-field";
import { selectFieldProps, useContractForm } from "../../../lib/form";
import { useSaveProfile } from "../hooks/use-user";
import { CurrentPasswordField } from "./current-password-field";
import { passwordChange, requireCurrentPassword } from "./current-password";
import { NewPasswordField } from "./new-password-field";
import { ProfileSelect } from "./profile-select";

const schema = updateUserBody
  .pick({ name: true, email: true, extension: true, profile: true, password: true, currentPassword: true })
  .required({ name: true, email: true, profile: true })
  .superRefine(requireCurrentPassword);

interface AdminProfileFormProps {
  user: User;
  onClose: () => void;
}

/** Admins edit their own name, email, extension, profile and password (spec §6); a new password needs the current one. */
export function AdminProfileForm({ user, onClose }: AdminProfileFormProps) {
  const { t } = useTranslation();
  const profile = useSaveProfile(user.id, onClose);
  const form = useContractForm(schema, {
    name: user.name,
    email: user.email,
    extension: user.extension ?? "",
    profile: user.profile,
    password: "",
    currentPassword: "",
  });
  const { register, handleSubmit, control, formState } = form;

  const password = useWatch({ control, name: "password" });

  const submit = handleSubmit(({ password: newPassword, currentPassword, ...values }) =>
    profile.save({ ...values, ...passwordChange(newPassword, currentPassword) }),
  );

  return (
    <form noValidate onSubmit={submit}>
      <DialogContent dividers>
        <Stack spacing={2}>
          <FormTextField form={form} name="name" label={t("profile.name")} required errorText={t("validation.length", limits.name)} />
          <FormTextField form={form} name="email" label={t("profile.email")} type="email" required errorText={t("validation.emailNoAccents")} />
          <FormTextField form={form} name="extension" label={t("profile.extension")} inputMode="numeric" helperText={t("validation.extension", limits.extension)} />
          <Controller
            control={control}
            name="profile"
            render={({ field }) => <ProfileSelect label={t("profile.profile")} {...selectFieldProps(field)} />}
          />
          <NewPasswordField registration={register("password")} invalid={Boolean(formState.errors.password)} />
          {password && <CurrentPasswordField form={form} />}
        </Stack>
      </DialogContent>
      <DialogSubmitActions label={t("common.save")} onCancel={onClose} pending={profile.isPending} disabled={!formState.isDirty} />
    </form>
  );
}
