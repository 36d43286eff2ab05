import type { Connection, PreChatMode } from "@atendo/contracts";
import MenuItem from "@mui/material/MenuItem";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { Controller, type UseFormReturn } from "react-hook-form";
import { FormSelectField } from "../../../components/form-select-field";
import { FormTextField } from "../../../components/form-text-field";
import { SecretField } from "../../../components/secret-field";
import { useTranslation } from "../../../lib/i18n";
import { fieldBinding } from "../../../lib/form";
import { ColorMenuField } from "../../queues";
import type { ConnectionFormInput, ConnectionFormValues } from "./connection-form.schema";
import { embedSnippet } from "./webchat-form";

const noColorsTaken: ReadonlyMap<string, string> = new Map();
const modes: readonly PreChatMode[] = ["off", "optional", "required"];

/**
 * The settings of a `webchat` connection in its form (issue 32, decision 0090): the sites allowed
 * to embed it, its colour, title and greeting, what the pre-chat form asks, and, once saved, the
 * snippet to paste on the site.
 */
export function WebchatFields({ form, connection }: { form: UseFormReturn<ConnectionFormInput, unknown, ConnectionFormValues>; connection: Connection | undefined }) {
  const { t } = useTranslation();
  const { control } = form;
  const widgetKey = connection?.webchat?.widgetKey;
  return (
    <Stack spacing={2} component="section" aria-labelledby="webchat-settings">
      <Typography id="webchat-settings" variant="subtitle1" component="h2">
        {t("webchat.title")}
      </Typography>
      {widgetKey && <SecretField plain label={t("webchat.snippet")} value={embedSnippet(window.location.origin, widgetKey)} helperText={t("webchat.snippetHint")} />}
      <FormTextField
        form={form}
        name="webchat.allowedOrigins"
        label={t("webchat.allowedOrigins")}
        required
        multiline
        minRows={2}
        maxRows={8}
        placeholder="https://www.example.com"
        helperText={t("webchat.allowedOriginsHint")}
        errorText={t("webchat.allowedOriginsInvalid")}
      />
      <FormTextField
        form={form}
        name="webchat.title"
        label={t("webchat.windowTitle")}
        fullWidth
        helperText={t("webchat.windowTitleHint")}
        slotProps={{ htmlInput: { maxLength: 60 } }}
      />
      <Controller
        control={control}
        name="webchat.color"
        render={({ field, fieldState }) => <ColorMenuField {...fieldBinding(field)} buttonRef={field.ref} takenBy={noColorsTaken} error={fieldState.invalid} />}
      />
      <FormTextField
        form={form}
        name="webchat.greeting"
        label={t("webchat.greeting")}
        multiline
        minRows={2}
        maxRows={6}
        helperText={t("webchat.greetingHint")}
        slotProps={{ htmlInput: { maxLength: 500 } }}
      />
      <Typography variant="body2" color="text.secondary">
        {t("webchat.preChatHint")}
      </Typography>
      <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
        {(["name", "email", "phone"] as const).map((field) => (
          <FormSelectField key={field} control={control} name={`webchat.preChat.${field}`} label={t(`webchat.preChat.${field}`)} fullWidth>
            {modes.map((mode) => (
              <MenuItem key={mode} value={mode}>
                {t(`webchat.modes.${mode}`)}
              </MenuItem>
            ))}
          </FormSelectField>
        ))}
      </Stack>
    </Stack>
  );
}
