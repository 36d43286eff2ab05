import { limits } from "@atendo/contracts";
import type { UseFormRegisterReturn } from "react-hook-form";
import { useTranslation } from "../../../lib/i18n";
import { PasswordField } from "../../../components/password-field";
import { textFieldProps } from "../../../lib/form";

interface NewPasswordFieldProps {
  registration: UseFormRegisterReturn<"password">;
  invalid: boolean;
}

/** Optional new password: empty keeps the current one. */
export function NewPasswordField({ registration, invalid }: NewPasswordFieldProps) {
  const { t } = useTranslation();
  return (
    <PasswordField
      label={t("profile.newPassword")}
      autoComplete="new-password"
      error={invalid}
      helperText={t("profile.passwordHint", limits.userPassword)}
      {...textFieldProps(registration)}
    />
  );
}
