import Typography from "@mui/material/Typography";
import { useTranslation } from "../../../lib/i18n";
import type { MessageLength } from "../lib/message-length";

export interface MessageLengthNoteProps {
  id: string;
  status: MessageLength;
}

/**
 * The counter under the composer near the limit ("58,990 / 65,536 characters"), in the error
 * colour with what to remove once over it: the message is not sent then, and this says why.
 */
export function MessageLengthNote({ id, status }: MessageLengthNoteProps) {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.language);
  const values = { current: number.format(status.length), max: number.format(status.max), over: number.format(status.over), count: status.over };
  return (
    <Typography
      id={id}
      variant="caption"
      role="status"
      color={status.over > 0 ? "error" : "text.secondary"}
      sx={{ display: status.shown ? "block" : "none", px: 2, pb: 1, mt: -0.5, fontWeight: status.over > 0 ? 600 : undefined }}
    >
      {status.shown && (status.over > 0 ? t("messages.composer.tooLong", values) : t("messages.composer.length", values))}
    </Typography>
  );
}
