import { limits, type User } from "@atendo/contracts";
import FormControlLabel from "@mui/material/FormControlLabel";
import Stack from "@mui/material/Stack";
import Switch from "@mui/material/Switch";
import { Controller, useWatch, type UseFormReturn } from "react-hook-form";
import { useTranslation } from "../../../lib/i18n";
import { FormEmailField, FormNameField, FormNewPasswordField, FormTextField } from "../../../components/form-text-field";
import { fieldBinding, selectFieldProps } from "../../../lib/form";
import { CurrentPasswordField } from "./current-password-field";
import { ProfileSelect } from "./profile-select";
import { UserConnectionField } from "./user-connection-field";
import type { UserFormInput, UserFormValues } from "./user-form.schema";
import { UserQueuesField } from "./user-queues-field";

interface UserFormFieldsProps {
  form: UseFormReturn<UserFormInput, unknown, UserFormValues>;
  editing: boolean;
  /** The signed-in user's own record: a new password needs the current one. */
  self?: boolean;
  /** Profile, queues, default connection and ticket history (spec §6). */
  adminFields: boolean;
  current?: User;
}

/** The user modal's fields; `current` is the user being edited, if any. */
export function UserFormFields({ form, editing, self = false, adminFields, current }: UserFormFieldsProps) {
  const { t } = useTranslation();
  const { control } = form;
  const password = useWatch({ control, name: "password" });
  return (
    <Stack spacing={2}>
      <FormNameField form={form} label={t("users.name")} autoFocus={!editing} autoComplete="off" />
      <FormEmailField form={form} label={t("users.email")} required autoComplete="off" helperText={t("users.emailHint")} signsIn />
      <FormNewPasswordField form={form} label={editing ? t("profile.newPassword") : t("users.password")} required={!editing} keepsCurrent={editing} />
      {self && password && <CurrentPasswordField form={form} />}
      <FormTextField
        form={form}
        name="extension"
        label={t("users.extension")}
        autoComplete="off"
        helperText={t("validation.extension", limits.extension)}
        slotProps={{ htmlInput: { inputMode: "numeric", maxLength: limits.extension.max } }}
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
            render={({ field }) => <UserQueuesField {...fieldBinding(field)} />}
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
          <FormTextField
            form={form}
            name="maxOpenTickets"
            label={t("assignment.maxOpenTickets")}
            autoComplete="off"
            helperText={t("assignment.maxOpenTicketsHint", limits.maxOpenTickets)}
            errorText={t("assignment.maxOpenTicketsInvalid", limits.maxOpenTickets)}
            slotProps={{ htmlInput: { inputMode: "numeric" } }}
          />
        </>
      )}
    </Stack>
  );
}
