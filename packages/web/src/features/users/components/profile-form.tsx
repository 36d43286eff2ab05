import type { UpdateUserBody, User } from "@atendo/contracts";
import DialogContent from "@mui/material/DialogContent";
import Stack from "@mui/material/Stack";
import type { ReactNode } from "react";
import { useWatch, type DefaultValues, type FieldPath, type FieldValues, type UseFormReturn } from "react-hook-form";
import type { z } from "zod";
import { DialogSubmitActions } from "../../../components/dialog-submit-actions";
import { FormNewPasswordField } from "../../../components/form-text-field";
import { useContractForm } from "../../../lib/form";
import { useTranslation } from "../../../lib/i18n";
import { useSaveProfile } from "../hooks/use-user";
import { CurrentPasswordField } from "./current-password-field";

/** What a profile form of the profile modal gets: the signed-in user, fresh. */
export interface OwnProfileProps {
  user: User;
  onClose: () => void;
}

type PasswordValues = FieldValues & { password?: string; currentPassword?: string };

interface ProfileFormProps<I extends PasswordValues, O extends FieldValues> extends OwnProfileProps {
  schema: z.ZodType<O, I>;
  defaults: DefaultValues<I>;
  /** The PUT body of what the form holds. */
  toBody: (values: O) => UpdateUserBody;
  /** The fields above the password: editable for admins, read-only for the others. */
  children: (form: UseFormReturn<I, unknown, O>) => ReactNode;
}

/**
 * The form of one's own profile (spec §6): its fields, an optional new password and, once one is
 * typed, the current one that proves it is really you. Save waits for something to save.
 */
export function ProfileForm<I extends PasswordValues, O extends FieldValues>({ user, onClose, schema, defaults, toBody, children }: ProfileFormProps<I, O>) {
  const { t } = useTranslation();
  const profile = useSaveProfile(user.id, onClose);
  const form = useContractForm(schema, defaults);
  const password = useWatch({ control: form.control, name: "password" as FieldPath<I> });
  // The current password alone changes nothing: its field shows only beside a new password.
  const changed = Object.keys(form.formState.dirtyFields).some((name) => name !== "currentPassword");
  return (
    <form noValidate onSubmit={form.handleSubmit((values) => profile.save(toBody(values)))}>
      <DialogContent dividers>
        <Stack spacing={2}>
          {children(form)}
          <FormNewPasswordField form={form} label={t("profile.newPassword")} keepsCurrent />
          {password && <CurrentPasswordField form={form} />}
        </Stack>
      </DialogContent>
      <DialogSubmitActions label={t("common.save")} onCancel={onClose} pending={profile.isPending} disabled={!changed} />
    </form>
  );
}
