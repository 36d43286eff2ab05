import { limits, signupBody, type SignupBody } from "@atendo/contracts";
import { zodResolver } from "@hookform/resolvers/zod";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { PasswordField } from "../../../components/password-field";
import { textFieldProps } from "../../../lib/form";
import { useSignup } from "../hooks/use-signup";

export function SignupForm() {
  const { t } = useTranslation();
  const signupMutation = useSignup();
  const { register, handleSubmit, formState } = useForm<z.input<typeof signupBody>, unknown, SignupBody>({
    resolver: zodResolver(signupBody),
    mode: "onTouched",
    defaultValues: { name: "", email: "", password: "" },
  });
  const { errors } = formState;

  return (
    <form noValidate onSubmit={handleSubmit((values) => signupMutation.mutate(values))}>
      <Stack spacing={2}>
        <TextField
          label={t("auth.name")}
          autoComplete="name"
          autoFocus
          error={Boolean(errors.name)}
          helperText={errors.name ? t("validation.length", limits.name) : undefined}
          {...textFieldProps(register("name"))}
        />
        <TextField
          label={t("auth.email")}
          type="email"
          autoComplete="email"
          error={Boolean(errors.email)}
          helperText={errors.email ? t("validation.email") : undefined}
          {...textFieldProps(register("email"))}
        />
        <PasswordField
          label={t("auth.password")}
          autoComplete="new-password"
          error={Boolean(errors.password)}
          helperText={t("validation.length", limits.signupPassword)}
          {...textFieldProps(register("password"))}
        />
        <Button type="submit" variant="contained" size="large" loading={signupMutation.isPending}>
          {t("auth.signUp")}
        </Button>
      </Stack>
    </form>
  );
}
