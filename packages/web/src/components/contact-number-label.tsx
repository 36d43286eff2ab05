import { identityOf } from "@atendo/contracts";
import Box from "@mui/material/Box";
import { useTranslation } from "../lib/i18n";
import { ChannelIcon } from "./channel-icon";

/** A contact's number, or for a channel identity (Telegram, website visitor) the channel with its icon. */
export function ContactNumberLabel({ number }: { number: string }) {
  const { t } = useTranslation();
  const identity = identityOf(number);
  if (!identity) return <>{number}</>;
  return (
    <Box component="span" sx={{ display: "inline-flex", alignItems: "center", gap: 0.5 }} data-testid="contact-channel">
      <ChannelIcon kind={identity.channel} sx={{ fontSize: "1.1em" }} />
      {t(`channels.visitor.${identity.channel}`)}
    </Box>
  );
}
