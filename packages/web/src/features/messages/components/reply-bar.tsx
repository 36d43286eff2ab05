import type { Message } from "@atendo/contracts";
import CloseIcon from "@mui/icons-material/Close";
import IconButton from "@mui/material/IconButton";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";
import { QuotedBlock } from "./quoted-block";

/** Above the input while replying: the quoted message and a cancel button. */
export function ReplyBar({ message, contactName, onCancel }: { message: Message; contactName: string; onCancel(): void }) {
  const { t } = useTranslation();
  return (
    <Stack spacing={0.5} sx={{ px: 1.5, pt: 1 }} role="group" aria-label={t("messages.composer.replyingTo")}>
      <Typography variant="caption" color="text.secondary">
        {t("messages.composer.replyingTo")}
      </Typography>
      <QuotedBlock
        quoted={message}
        contactName={contactName}
        action={
          <IconButton size="small" onClick={onCancel} aria-label={t("messages.composer.cancelReply")}>
            <CloseIcon fontSize="small" />
          </IconButton>
        }
      />
    </Stack>
  );
}
