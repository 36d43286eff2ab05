import { limits, type Connection } from "@atendo/contracts";
import MenuItem from "@mui/material/MenuItem";
import Stack from "@mui/material/Stack";
import { useWatch } from "react-hook-form";
import { useTranslation } from "../../../lib/i18n";
import { BusinessHoursFields } from "../../../components/business-hours-fields";
import { DestinationFields } from "../../../components/destination-fields";
import { CardForm } from "../../../components/form-card-actions";
import { FormSelectField } from "../../../components/form-select-field";
import { FormNameField, FormTextField } from "../../../components/form-text-field";
import { SecretField } from "../../../components/secret-field";
import { useContractForm } from "../../../lib/form";
import { paths } from "../../../lib/paths";
import { connectionFormDefaults, connectionFormSchema, type ConnectionFormValues } from "./connection-form.schema";
import { DefaultField } from "./default-field";
import { SwitchField } from "./switch-field";

interface ConnectionFormProps {
  connection?: Connection;
  /** The other connections: they decide whether the default switch is forced (spec §5). */
  others: readonly Connection[];
  saving: boolean;
  onSubmit: (values: ConnectionFormValues) => void;
}

/** Kind, name, label, destination, farewell, switches, close code, opening hours and, for API connections, the webhook (spec §2, §5). */
export function ConnectionForm({ connection, others, saving, onSubmit }: ConnectionFormProps) {
  const { t } = useTranslation();
  const currentDefault = others.find((item) => item.isDefault);
  const locked = connection?.isDefault ? "current" : currentDefault ? null : "first";
  const form = useContractForm(connectionFormSchema, connectionFormDefaults(connection, locked !== null));
  const { handleSubmit, control, setValue, formState } = form;
  const { errors } = formState;
  const kind = useWatch({ control, name: "kind" });
  const closeByMessage = useWatch({ control, name: "canCloseTicketByMessage" });

  return (
    <CardForm onSubmit={handleSubmit((values) => onSubmit({ ...values, isDefault: locked !== null || values.isDefault }))} cancelTo={paths.connections} saving={saving}>
      <FormSelectField
        control={control}
        name="kind"
        label={t("connections.kind")}
        disabled={Boolean(connection)}
        helperText={t(kind === "api" ? "connections.kindApiHint" : "connections.kindWhatsappHint")}
      >
        <MenuItem value="whatsapp">{t("connections.kinds.whatsapp")}</MenuItem>
        <MenuItem value="api">{t("connections.kinds.api")}</MenuItem>
      </FormSelectField>
      <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
        <FormNameField form={form} label={t("connections.name")} fullWidth autoFocus={!connection} />
        <FormTextField
          form={form}
          name="label"
          label={t("connections.label")}
          fullWidth
          helperText={t("connections.labelHint")}
          slotProps={{ htmlInput: { maxLength: limits.connectionLabelMax } }}
        />
      </Stack>
      <DestinationFields
        control={control}
        setValue={setValue}
        typeName="destinationType"
        itemName="destinationItem"
        typeError={Boolean(errors.destinationType)}
        itemError={Boolean(errors.destinationItem)}
      />
      {kind === "api" && (
        <FormTextField
          form={form}
          name="webhookUrl"
          label={t("connections.webhookUrl")}
          type="url"
          placeholder="https://"
          helperText={t("connections.webhookUrlHint")}
          errorText={t("connections.webhookUrlInvalid")}
        />
      )}
      {connection?.kind === "api" && connection.apiToken && (
        <SecretField
          plain
          label={t("connections.inboundUrl")}
          value={`${window.location.origin}/api/channels/${connection.id}/messages`}
          helperText={t("connections.inboundUrlHint")}
        />
      )}
      {connection?.kind === "api" && connection.apiToken && <SecretField label={t("connections.apiToken")} value={connection.apiToken} />}
      {connection?.kind === "api" && connection.webhookSecret && (
        <SecretField label={t("connections.webhookSecret")} value={connection.webhookSecret} helperText={t("connections.webhookSecretHint")} />
      )}
      <FormTextField
        form={form}
        name="farewellMessage"
        label={t("connections.farewellMessage")}
        multiline
        minRows={2}
        maxRows={8}
        helperText={t("connections.farewellHint")}
        slotProps={{ htmlInput: { maxLength: limits.farewellMessageMax } }}
      />
      <Stack spacing={1}>
        <SwitchField control={control} name="canCloseTicketByMessage" label={t("connections.canCloseTicketByMessage")} />
        {closeByMessage && (
          <FormTextField
            form={form}
            name="closeCode"
            label={t("connections.closeCode")}
            required
            helperText={t("connections.closeCodeHint", { max: limits.closeCodeMax })}
            errorText={t("connections.closeCodeRequired")}
            slotProps={{ htmlInput: { maxLength: limits.closeCodeMax } }}
            sx={{ maxWidth: 360, ml: { sm: 6 } }}
          />
        )}
        <SwitchField control={control} name="ignoreGroups" label={t("connections.ignoreGroups")} />
      </Stack>
      <BusinessHoursFields form={form} />
      <DefaultField control={control} locked={locked} currentDefaultName={currentDefault?.name ?? null} />
    </CardForm>
  );
}
