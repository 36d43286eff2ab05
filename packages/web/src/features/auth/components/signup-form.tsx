import { limits, signupBody } from "@atendo/contracts";
import { useTranslation } from "../../../lib/i18n";
import { FormEmailField, FormNewPasswordField, FormTextField } from "../../../components/form-text-field";
import { useContractForm } from "../../../lib/form";
import { useSignup } from "../hooks/use-signup";
import { AuthForm } from "./auth-form";

export function SignupForm() {
  const { t } = useTranslation();
  const signupMutation = useSignup();
  const form = useContractForm(signupBody, { name: "", email: "", password: "" });

  return (
    <AuthForm onSubmit={form.handleSubmit((values) => signupMutation.mutate(values))} submitLabel={t("auth.signUp")} pending={signupMutation.isPending}>
      <FormTextField form={form} name="name" label={t("auth.name")} autoComplete="name" autoFocus errorText={t("validation.length", limits.name)} />
      <FormEmailField form={form} label={t("auth.email")} autoComplete="email" />
      <FormNewPasswordField form={form} label={t("auth.password")} length={limits.signupPassword} />
    </AuthForm>
  );
}
