import { limits, signupBody } from "@atendo/contracts";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import { useTranslation } from "../../../lib/i18n";
import { FormTextField } from "../../../components/form-text-field";
import { useContractForm } from "../../../lib/form";
import { useSignup } from "../hooks/use-signup";

export function SignupForm() {
  const { t } = useTranslation();
  const signupMutation = useSignup();
  const form = useContractForm(signupBody, { name: "", email: "", password: "" });

  return (
    <form noValidate onSubmit={form.handleSubmit((values) => signupMutation.mutate(values))}>
      <Stack spacing={2}>
        <FormTextField form={form} name="name" label={t("auth.name")} autoComplete="name" autoFocus errorText={t("validation.length", limits.name)} />
        <FormTextField form={form} name="email" label={t("auth.email")} type="email" autoComplete="email" errorText={t("validation.email")} />
        <FormTextField
          form={form}
          name="password"
          label={t("auth.password")}
          type="password"
          autoComplete="new-password"
          helperText={t("validation.length", limits.signupPassword)}
        />
        <Button type="submit" variant="contained" size="large" loading={signupMutation.isPending}>
          {t("auth.signUp")}
        </Button>
      </Stack>
    </form>
  );
}
