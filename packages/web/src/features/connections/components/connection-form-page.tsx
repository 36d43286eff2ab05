import { limits, type Connection, type ConnectionKind } from "@atendo/contracts";
import MenuItem from "@mui/material/MenuItem";
import Stack from "@mui/material/Stack";
import { useWatch } from "react-hook-form";
import { useTranslation } from "../../../lib/i18n";
import { BusinessHoursFields } from "../../../components/business-hours-fields";
import { DestinationFields } from "../../../components/destination-fields";
import { EntityFormPage, type EntityFieldsOf } from "../../../components/entity-form-page";
import { FormSelectField } from "../../../components/form-select-field";
import { FormSwitchField } from "../../../components/form-switch-field";
import { FormTextField } from "../../../components/form-text-field";
import { SecretField } from "../../../components/secret-field";
import { connectionsEntity } from "../api/connections.queries";
import { connectionFormDefaults, connectionFormSchema, type ConnectionFormValues } from "./connection-form.schema";
import { CloudFields } from "./cloud-fields";
import { DefaultField } from "./default-field";
import { TelegramFields } from "./telegram-fields";
import { WebchatFields } from "./webchat-fields";
import { PaceFields } from "./pace-fields";
import { SurveyFields } from "./survey-fields";

/** The line under the kind select, per kind. */
const kindHints = {
  whatsapp: "connections.kindWhatsappHint",
  api: "connections.kindApiHint",
  whatsapp_cloud: "connections.kindCloudHint",
  webchat: "webchat.kindHint",
  telegram: "connections.kindTelegramHint",
} as const satisfies Record<ConnectionKind, string>;

/**
 * Whether the default switch is forced on (spec §5): the default stays the default ("current"),
 * and the first connection is the default ("first"); else the admin chooses.
 */
function defaultLock(connection: Connection | undefined, others: readonly Connection[]) {
  return connection?.isDefault ? "current" : others.some((item) => item.isDefault) ? null : "first";
}

const defaults = (connection: Connection | undefined, others: readonly Connection[]) =>
  connectionFormDefaults(connection, defaultLock(connection, others) !== null);

const toBody = (values: ConnectionFormValues, connection: Connection | undefined, others: readonly Connection[]) => ({
  ...values,
  isDefault: defaultLock(connection, others) !== null || values.isDefault,
});

/** /connections/new and /connections/edit/:id: saving returns to /connections with a toast (spec §2). */
export function ConnectionFormPage() {
  return <EntityFormPage entity={connectionsEntity} schema={connectionFormSchema} defaults={defaults} toBody={toBody} Fields={ConnectionFields} withOthers />;
}

/** Kind, name, label, destination, farewell, switches, close code, opening hours, survey, sending pace and, for API connections, the webhook (spec §2, §5). */
function ConnectionFields({ form, nameField, record: connection, others }: EntityFieldsOf<Connection, typeof connectionFormSchema>) {
  const { t } = useTranslation();
  const { control } = form;
  const kind = useWatch({ control, name: "kind" });
  const closeByMessage = useWatch({ control, name: "canCloseTicketByMessage" });
  const secrets = connection?.kind === "api" ? connection : undefined;

  return (
    <>
      <FormSelectField
        control={control}
        name="kind"
        label={t("connections.kind")}
        disabled={Boolean(connection)}
        helperText={t(kindHints[kind])}
      >
        <MenuItem value="whatsapp">{t("connections.kinds.whatsapp")}</MenuItem>
        <MenuItem value="api">{t("connections.kinds.api")}</MenuItem>
        <MenuItem value="whatsapp_cloud">{t("connections.kinds.whatsapp_cloud")}</MenuItem>
        <MenuItem value="webchat">{t("connections.kinds.webchat")}</MenuItem>
        <MenuItem value="telegram">{t("connections.kinds.telegram")}</MenuItem>
      </FormSelectField>
      <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
        {nameField}
        <FormTextField
          form={form}
          name="label"
          label={t("connections.label")}
          fullWidth
          helperText={t("connections.labelHint")}
          slotProps={{ htmlInput: { maxLength: limits.connectionLabelMax } }}
        />
      </Stack>
      <DestinationFields form={form} typeName="destinationType" itemName="destinationItem" />
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
      {kind === "whatsapp_cloud" && <CloudFields form={form} connection={connection} />}
      {kind === "webchat" && <WebchatFields form={form} connection={connection} />}
      {kind === "telegram" && <TelegramFields form={form} connection={connection} />}
      {secrets?.apiToken && (
        <SecretField
          plain
          label={t("connections.inboundUrl")}
          value={`${window.location.origin}/api/channels/${secrets.id}/messages`}
          helperText={t("connections.inboundUrlHint")}
        />
      )}
      {secrets?.apiToken && <SecretField label={t("connections.apiToken")} value={secrets.apiToken} />}
      {secrets?.webhookSecret && (
        <SecretField label={t("connections.webhookSecret")} value={secrets.webhookSecret} helperText={t("connections.webhookSecretHint")} />
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
        <FormSwitchField control={control} name="canCloseTicketByMessage" label={t("connections.canCloseTicketByMessage")} />
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
        <FormSwitchField control={control} name="ignoreGroups" label={t("connections.ignoreGroups")} />
      </Stack>
      <BusinessHoursFields form={form} />
      <SurveyFields form={form} />
      <PaceFields form={form} kind={kind} isNew={!connection} />
      <DefaultField control={control} locked={defaultLock(connection, others)} currentDefaultName={others.find((item) => item.isDefault)?.name ?? null} />
    </>
  );
}
