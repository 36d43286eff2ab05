import { limits, updateUserBody } from "@atendo/contracts";
import { Controller } from "react-hook-form";
import { useTranslation } from "../../../lib/i18n";
import { FormEmailField, FormTextField } from "../../../components/form-text-field";
import { selectFieldProps } from "../../../lib/form";
import { passwordChange, requireCurrentPassword } from "./current-password";
import { ProfileForm, type OwnProfileProps } from "./profile-form";
import { ProfileSelect } from "./profile-select";

const schema = updateUserBody
  .pick({ name: true, email: true, extension: true, profile: true, password: true, currentPassword: true })
  .required({ name: true, email: true, profile: true })
  .superRefine(requireCurrentPassword);

/** Admins edit their own name, email, extension, profile and password (spec §6); a new password needs the current one. */
export function AdminProfileForm({ user, onClose }: OwnProfileProps) {
  const { t } = useTranslation();
  const defaults = { name: user.name, email: user.email, extension: user.extension ?? "", profile: user.profile, password: "", currentPassword: "" };
  return (
    <ProfileForm
      user={user}
      onClose={onClose}
      schema={schema}
      defaults={defaults}
      toBody={({ password, currentPassword, ...values }) => ({ ...values, ...passwordChange(password, currentPassword) })}
    >
      {(form) => (
        <>
          <FormTextField form={form} name="name" label={t("profile.name")} required errorText={t("validation.length", limits.name)} />
          <FormEmailField form={form} label={t("profile.email")} required signsIn />
          <FormTextField form={form} name="extension" label={t("profile.extension")} inputMode="numeric" helperText={t("validation.extension", limits.extension)} />
          <Controller
            control={form.control}
            name="profile"
            render={({ field }) => <ProfileSelect label={t("profile.profile")} {...selectFieldProps(field)} />}
          />
        </>
      )}
    </ProfileForm>
  );
}
