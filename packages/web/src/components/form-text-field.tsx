import { limits } from "@atendo/contracts";
import TextField, { type TextFieldProps } from "@mui/material/TextField";
import type { ReactNode } from "react";
import type { FieldPath, FieldValues, FormState, UseFormGetFieldState, UseFormRegister } from "react-hook-form";
import { useTranslation } from "../lib/i18n";
import { showsError, textFieldProps } from "../lib/form";
import { PasswordField } from "./password-field";

/** The part of a `useForm()` result a field needs (any transformed output type). */
export interface FormFields<T extends FieldValues> {
  register: UseFormRegister<T>;
  // The values type comes from `register` alone (formState's is a deep partial of it).
  getFieldState: UseFormGetFieldState<NoInfer<T>>;
  formState: FormState<NoInfer<T>>;
}

export interface FormTextFieldProps<T extends FieldValues> extends Omit<TextFieldProps, "name" | "error" | "type"> {
  form: FormFields<T>;
  name: FieldPath<T>;
  type?: "text" | "email" | "url" | "password";
  /** Under the field while its value is invalid, in place of `helperText`. */
  errorText?: ReactNode;
}

/**
 * A react-hook-form text field (registered, uncontrolled): red while its value is invalid (once
 * left or submitted, see {@link showsError}), with `errorText` then, or `helperText` (the rule or
 * a hint) otherwise. `type="password"` gives the show/hide toggle of {@link PasswordField}.
 */
export function FormTextField<T extends FieldValues>({ form, name, type, errorText, helperText, ...props }: FormTextFieldProps<T>) {
  const invalid = showsError(form, name);
  const shared = {
    ...props,
    error: invalid,
    helperText: invalid && errorText !== undefined ? errorText : helperText,
    ...textFieldProps(form.register(name)),
  };
  return type === "password" ? <PasswordField {...shared} /> : <TextField {...shared} type={type} />;
}

interface FormNameFieldProps<T extends FieldValues> extends Omit<FormTextFieldProps<T>, "name" | "required" | "helperText" | "slotProps"> {
  /** The name's length rule when it is not the usual one (spec §5: 2–50), e.g. the contract schema's {@link lengthOf}. */
  length?: { min: number; max: number };
}

/** A record's name (queue, connection, contact, user, menu…): required, with its length rule under it (spec §5). */
export function FormNameField<T extends FieldValues & { name: string }>({ length = limits.name, ...props }: FormNameFieldProps<T>) {
  const { t } = useTranslation();
  return (
    <FormTextField
      {...props}
      name={"name" as FieldPath<T>}
      required
      helperText={t("validation.length", length)}
      slotProps={{ htmlInput: { maxLength: length.max } }}
    />
  );
}

type FixedFieldProps<T extends FieldValues> = Omit<FormTextFieldProps<T>, "name" | "type" | "helperText" | "errorText">;

interface FormEmailFieldProps<T extends FieldValues> extends FixedFieldProps<T> {
  helperText?: ReactNode;
  /** The address signs a user in, where the server refuses accented letters (spec §6). */
  signsIn?: boolean;
}

/** A record's or a visitor's e-mail address (`email`), its rule under it while invalid. */
export function FormEmailField<T extends FieldValues & { email?: string | null }>({ signsIn = false, ...props }: FormEmailFieldProps<T>) {
  const { t } = useTranslation();
  return <FormTextField {...props} name={"email" as FieldPath<T>} type="email" errorText={t(signsIn ? "validation.emailNoAccents" : "validation.email")} />;
}

interface FormNewPasswordFieldProps<T extends FieldValues> extends FixedFieldProps<T> {
  /** The length rule of the password: a user's (limits.userPassword) unless given. */
  length?: { min: number; max: number };
  /** Editing: an empty field keeps the current password, as the hint says. */
  keepsCurrent?: boolean;
}

/**
 * A password being chosen (`password`): hidden with its show toggle, offered by the browser's
 * password manager, its length rule under it (sign-up, reset, profile, user form).
 */
export function FormNewPasswordField<T extends FieldValues & { password?: string }>({ length = limits.userPassword, keepsCurrent = false, ...props }: FormNewPasswordFieldProps<T>) {
  const { t } = useTranslation();
  return (
    <FormTextField
      {...props}
      name={"password" as FieldPath<T>}
      type="password"
      autoComplete="new-password"
      helperText={t(keepsCurrent ? "profile.passwordHint" : "validation.length", length)}
    />
  );
}

/** The length rule of a contract string schema (`z.string().min(1).max(50)` → 1–50), for {@link FormNameField}. */
export function lengthOf(schema: { minLength: number | null; maxLength: number | null }): { min: number; max: number } {
  return { min: schema.minLength ?? 0, max: schema.maxLength ?? Number.MAX_SAFE_INTEGER };
}
