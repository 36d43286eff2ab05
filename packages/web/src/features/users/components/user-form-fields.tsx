import { limits, type User } from "@atendo/contracts";
import FormControlLabel from "@mui/material/FormControlLabel";
import Stack from "@mui/material/Stack";
import Switch from "@mui/material/Switch";
import TextField from "@mui/material/TextField";
import { Controller, type UseFormReturn } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { PasswordField } from "../../../components/password-field";
import { selectFieldProps, textFieldProps } from "../../../lib/form";
import { ProfileSelect } from "./profile-select";
import { UserConnectionField } from "./user-connection-field";
import type { UserFormInput, UserFormValues } from "./user-form.schema";
import { UserQueuesField } from "./user-queues-field";

interface UserFormFieldsProps {
  form: UseFormReturn<UserFormInput, unknown, UserFormValues>;
  editing: boolean;
  /** Profile, queues, default connection and ticket history (spec §6). */
  adminFields: boolean;
  current?: User;
}

/** The user modal's fields; `current` is the user being edited, if any. */
export function UserFormFields({ form, editing, adminFields, current }: UserFormFieldsProps) {
  const { t } = useTranslation();
  const { register, control, formState } = form;
  const { errors } = formState;
  const { min, max } = limits.userPassword;
  return (
    <Stack spacing={2}>
      <TextField
        label={t("users.name")}
        required
        autoFocus={!editing}
        autoComplete="off"
        error={Boolean(errors.name)}
        helperText={t("validation.length", limits.name)}
        {...textFieldProps(register("name"))}
      />
      <TextField
        label={t("users.email")}
        type="email"
        required
        autoComplete="off"
        error={Boolean(errors.email)}
        helperText={errors.email ? t("validation.emailNoAccents") : t("users.emailHint")}
        {...textFieldProps(register("email"))}
      />
      <PasswordField
        label={editing ? t("profile.newPassword") : t("users.password")}
        required={!editing}
        autoComplete="new-password"
        error={Boolean(errors.password)}
        helperText={editing ? t("profile.passwordHint", { min, max }) : t("validation.length", { min, max })}
        {...textFieldProps(register("password"))}
      />
      <TextField
        label={t("users.extension")}
        autoComplete="off"
        error={Boolean(errors.extension)}
        helperText={t("validation.extension", limits.extension)}
        slotProps={{ htmlInput: { inputMode: "numeric", maxLength: limits.extension.max } }}
        {...textFieldProps(register("extension"))}
      />
      {adminFields && (
        <>
          <Controller
            control={control}
            name="profile"
            render={({ field }) => <ProfileSelect label={t("users.profile")} {...selectFieldProps(field)} />}
          />
          <Controller
            control={control}
            name="queueIds"
            render={({ field }) => <UserQueuesField value={field.value} onChange={field.onChange} onBlur={field.onBlur} />}
          />
          <Controller
            control={control}
            name="whatsappId"
            render={({ field }) => (
              <UserConnectionField
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                name={field.name}
                inputRef={field.ref}
                current={current?.whatsapp}
              />
            )}
          />
          <Controller
            control={control}
            name="canSeeAllTicketHistory"
            render={({ field }) => (
              <FormControlLabel
                control={
                  <Switch
                    checked={field.value}
                    onChange={(_event, checked) => field.onChange(checked)}
                    onBlur={field.onBlur}
                    name={field.name}
                    inputRef={field.ref}
                  />
                }
                label={t("users.canSeeAllTicketHistory")}
              />
            )}
          />
        </>
      )}
    </Stack>
  );
}
