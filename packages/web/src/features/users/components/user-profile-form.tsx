import { updateUserBody } from "@atendo/contracts";
import TextField from "@mui/material/TextField";
import { z } from "zod";
import { useTranslation } from "../../../lib/i18n";
import { passwordChange, requireCurrentPassword } from "./current-password";
import { ProfileForm, type OwnProfileProps } from "./profile-form";

const schema = z
  .object({ password: updateUserBody.shape.password.unwrap(), currentPassword: z.string() })
  .superRefine(requireCurrentPassword);

/**
 * A normal user sees name, extension and email read-only and may change the password (spec §6),
 * typing the current one as well.
 */
export function UserProfileForm({ user, onClose }: OwnProfileProps) {
  const { t } = useTranslation();
  return (
    <ProfileForm
      user={user}
      onClose={onClose}
      schema={schema}
      defaults={{ password: "", currentPassword: "" }}
      toBody={(values) => passwordChange(values.password, values.currentPassword)}
    >
      {() => (
        <>
          <TextField label={t("profile.name")} value={user.name} slotProps={{ input: { readOnly: true } }} />
          <TextField label={t("profile.email")} value={user.email} slotProps={{ input: { readOnly: true } }} />
          <TextField label={t("profile.extension")} value={user.extension ?? ""} slotProps={{ input: { readOnly: true } }} />
        </>
      )}
    </ProfileForm>
  );
}
