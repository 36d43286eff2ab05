import type { Message } from "@atendo/contracts";
import ErrorOutline from "@mui/icons-material/ErrorOutline";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useTranslation } from "../../../lib/i18n";
import { AckMark, type AckStage } from "./ack-mark";

/** A ticket message's ack (spec §3): 0 pending, 1 sent, 3 delivered, 4 read, 5 played. */
function stageOf(ack: number): AckStage {
  return ack >= 5 ? "played" : ack >= 4 ? "read" : ack >= 3 ? "delivered" : ack >= 1 ? "sent" : "pending";
}

/** Ack of an own ticket message, or "not sent" when the connection could not deliver it. */
export function MessageStatus({ message }: { message: Pick<Message, "ack" | "failed"> & Partial<Pick<Message, "failureReason">> }) {
  const { t } = useTranslation();
  if (message.failed) {
    return (
      <Stack direction="row" spacing={0.25} sx={{ alignItems: "center", color: "error.main" }} title={message.failureReason ?? undefined}>
        <ErrorOutline sx={{ fontSize: 16 }} aria-hidden />
        <Typography variant="caption">{t("messages.failed")}</Typography>
      </Stack>
    );
  }
  return <AckMark stage={stageOf(message.ack)} ack={message.ack} />;
}
