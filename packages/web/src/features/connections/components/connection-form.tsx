import { limits, type Connection } from "@atendo/contracts";
import CardContent from "@mui/material/CardContent";
import MenuItem from "@mui/material/MenuItem";
import Stack from "@mui/material/Stack";
import { useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { FormSelectField } from "../../../components/form-select-field";
import { FormCardActions } from "../../../components/form-card-actions";
import { FormNameField, FormTextField } from "../../../components/form-text-field";
import { paths } from "../../../lib/paths";
import { connectionFormDefaults, connectionFormSchema, type ConnectionFormValues } from "./connection-form.schema";
import { CopyField } from "./copy-field";
import { DefaultField } from "./default-field";
import { DestinationFields } from "./destination-fields";
import { SwitchField } from "./switch-field";
import { useContractForm } from "../../../lib/form";

interface ConnectionFormProps {
  connection?: Connection;
  /** The other connections: they decide whether the default switch is forced (spec §5). */
  others: readonly Connection[];
  saving: boolean;
  onSubmit: (values: ConnectionFormValues) => void;
}

/** Kind, name, label, destination, farewell, switches and, for API connections, the webhook (spec §2, §5). */
export function ConnectionForm({ connection, others, saving, onSubmit }: ConnectionFormProps) {
  const { t } = useTranslation();
  const currentDefault = others.find((item) => item.isDefault);
  const locked = connection?.isDefault ? "current" : currentDefault ? null : "first";
  const form = useContractForm(connectionFormSchema, connectionFormDefaults(connection, locked !== null));
  const { handleSubmit, control, setValue, formState } = form;
  const { errors } = formState;
  const kind = useWatch({ control, name: "kind" });

  return (
    <form noValidate onSubmit={handleSubmit((values) => onSubmit({ ...values, isDefault: locked !== null || values.isDefault }))}>
      <CardContent>
        <Stack spacing={2.5}>
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
          <DestinationFields control={control} setValue={setValue} typeError={Boolean(errors.destinationType)} itemError={Boolean(errors.destinationItem)} />
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
            <CopyField
              label={t("connections.inboundUrl")}
              value={`${window.location.origin}/api/channels/${connection.id}/messages`}
              helperText={t("connections.inboundUrlHint")}
            />
          )}
          {connection?.kind === "api" && connection.apiToken && <CopyField label={t("connections.apiToken")} value={connection.apiToken} />}
          {connection?.kind === "api" && connection.webhookSecret && (
            <CopyField label={t("connections.webhookSecret")} value={connection.webhookSecret} helperText={t("connections.webhookSecretHint")} />
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
          <Stack>
            <SwitchField control={control} name="canCloseTicketByMessage" label={t("connections.canCloseTicketByMessage")} />
            <SwitchField control={control} name="ignoreGroups" label={t("connections.ignoreGroups")} />
          </Stack>
          <DefaultField control={control} locked={locked} currentDefaultName={currentDefault?.name ?? null} />
        </Stack>
      </CardContent>
      <FormCardActions cancelTo={paths.connections} saving={saving} />
    </form>
  );
}
