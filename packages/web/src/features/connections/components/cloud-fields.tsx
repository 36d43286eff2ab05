import type { Connection } from "@atendo/contracts";
import Stack from "@mui/material/Stack";
import type { UseFormReturn } from "react-hook-form";
import { FormTextField } from "../../../components/form-text-field";
import { SecretField } from "../../../components/secret-field";
import { useTranslation } from "../../../lib/i18n";
import type { ConnectionFormInput, ConnectionFormValues } from "./connection-form.schema";

type SecretKey = "accessToken" | "appSecret" | "verifyToken";

/**
 * The settings of a `whatsapp_cloud` connection in its form (issue 32): the business number's
 * ids, the three secrets (write-only once saved: empty keeps the stored one), and the webhook URL
 * to paste into Meta's app settings.
 */
export function CloudFields({ form, connection }: { form: UseFormReturn<ConnectionFormInput, unknown, ConnectionFormValues>; connection: Connection | undefined }) {
  const { t } = useTranslation();
  const saved = connection?.cloud ?? null;
  const isSet: Record<SecretKey, boolean> = {
    accessToken: saved?.accessTokenSet ?? false,
    appSecret: saved?.appSecretSet ?? false,
    verifyToken: saved?.verifyTokenSet ?? false,
  };
  const secret = (key: SecretKey) => (
    <FormTextField
      key={key}
      form={form}
      name={`cloud.${key}`}
      label={t(`cloudChannel.${key}`)}
      type="password"
      autoComplete="new-password"
      required={!saved}
      fullWidth
      helperText={isSet[key] ? t("cloudChannel.keepHint") : t(`cloudChannel.${key}Hint`)}
      errorText={t(key === "verifyToken" ? "cloudChannel.verifyTokenInvalid" : "cloudChannel.required")}
    />
  );
  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
        <FormTextField form={form} name="cloud.phoneNumberId" label={t("cloudChannel.phoneNumberId")} required fullWidth inputMode="numeric" errorText={t("cloudChannel.digits")} />
        <FormTextField form={form} name="cloud.businessAccountId" label={t("cloudChannel.businessAccountId")} required fullWidth inputMode="numeric" errorText={t("cloudChannel.digits")} />
      </Stack>
      {secret("accessToken")}
      <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
        {secret("appSecret")}
        {secret("verifyToken")}
      </Stack>
      {saved && <SecretField plain label={t("cloudChannel.webhookUrl")} value={`${window.location.origin}${saved.webhookPath}`} helperText={t("cloudChannel.webhookUrlHint")} />}
    </Stack>
  );
}
