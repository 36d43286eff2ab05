import type { FieldPath, FieldValues } from "react-hook-form";
import { useTranslation } from "../../../lib/i18n";
import { FormTextField, type FormFields } from "../../../components/form-text-field";

interface CurrentPasswordFieldProps<T extends FieldValues> {
  form: FormFields<T>;
}

/** Shown once a new password is typed for oneself: the current one proves it is really you. */
export function CurrentPasswordField<T extends FieldValues & { currentPassword?: string }>({ form }: CurrentPasswordFieldProps<T>) {
  const { t } = useTranslation();
  return (
    <FormTextField
      form={form}
      name={"currentPassword" as FieldPath<T>}
      type="password"
      label={t("profile.currentPassword")}
      required
      autoComplete="current-password"
      helperText={t("profile.currentPasswordHint")}
    />
  );
}
