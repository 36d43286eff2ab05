import CloseIcon from "@mui/icons-material/Close";
import IconButton from "@mui/material/IconButton";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import type { ReactNode } from "react";
import { useTranslation } from "../../../lib/i18n";

/** Above the input while replying: the quoted message (`children`) and a cancel button. */
export function ReplyBar({ children, onCancel }: { children: ReactNode; onCancel(): void }) {
  const { t } = useTranslation();
  return (
    <Stack spacing={0.5} sx={{ px: 1.5, pt: 1 }} role="group" aria-label={t("messages.composer.replyingTo")}>
      <Typography variant="caption" color="text.secondary">
        {t("messages.composer.replyingTo")}
      </Typography>
      <Stack direction="row" spacing={0.5} sx={{ alignItems: "flex-start" }}>
        <Stack sx={{ flex: 1, minWidth: 0 }}>{children}</Stack>
        <IconButton size="small" onClick={onCancel} aria-label={t("messages.composer.cancelReply")}>
          <CloseIcon fontSize="small" />
        </IconButton>
      </Stack>
    </Stack>
  );
}
