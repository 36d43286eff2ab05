import type { Connection } from "@atendo/contracts";
import Link from "@mui/material/Link";
import Typography from "@mui/material/Typography";
import type { UseFormReturn } from "react-hook-form";
import { FormTextField } from "../../../components/form-text-field";
import { useTranslation } from "../../../lib/i18n";
import type { ConnectionFormInput, ConnectionFormValues } from "./connection-form.schema";

/**
 * The settings of a `telegram` connection in its form (issue 32): the bot token from @BotFather,
 * write-only once saved (empty keeps it), and the bot's @username once Atendo checked the token.
 */
export function TelegramFields({ form, connection }: { form: UseFormReturn<ConnectionFormInput, unknown, ConnectionFormValues>; connection: Connection | undefined }) {
  const { t } = useTranslation();
  const stored = connection?.telegram;
  return (
    <>
      <FormTextField
        form={form}
        name="telegramBotToken"
        type="password"
        label={t("telegramChannel.botToken")}
        required={!stored?.botTokenSet}
        autoComplete="off"
        placeholder={stored?.botTokenSet ? t("telegramChannel.botTokenKeep") : "123456789:AA…"}
        helperText={stored?.botTokenSet ? t("telegramChannel.botTokenKeep") : t("telegramChannel.botTokenHint")}
        errorText={t("telegramChannel.botTokenInvalid")}
      />
      {stored?.botUsername && (
        <Typography variant="body2" data-testid="telegram-bot">
          {t("telegramChannel.bot")}{" "}
          <Link href={`https://t.me/${stored.botUsername}`} target="_blank" rel="noreferrer">
            @{stored.botUsername}
          </Link>
        </Typography>
      )}
    </>
  );
}
