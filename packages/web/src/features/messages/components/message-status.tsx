import type { Message } from "@atendo/contracts";
import AccessTime from "@mui/icons-material/AccessTime";
import Done from "@mui/icons-material/Done";
import DoneAll from "@mui/icons-material/DoneAll";
import ErrorOutline from "@mui/icons-material/ErrorOutline";
import Stack from "@mui/material/Stack";
import Tooltip from "@mui/material/Tooltip";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";

const readBlue = "#1e88e5";

/** Ack of an own message (spec §9): clock, tick, double tick, blue double tick; or "not sent". */
export function MessageStatus({ message }: { message: Pick<Message, "ack" | "failed"> }) {
  const { t } = useTranslation();
  if (message.failed) {
    return (
      <Stack direction="row" spacing={0.25} sx={{ alignItems: "center", color: "error.main" }}>
        <ErrorOutline sx={{ fontSize: 16 }} aria-hidden />
        <Typography variant="caption">{t("messages.failed")}</Typography>
      </Stack>
    );
  }
  const ack = message.ack;
  const label = t(ack >= 5 ? "messages.ack.played" : ack >= 4 ? "messages.ack.read" : ack >= 3 ? "messages.ack.delivered" : ack >= 1 ? "messages.ack.sent" : "messages.ack.pending");
  const style = { fontSize: 16 };
  const icon =
    ack >= 4 ? <DoneAll sx={{ ...style, color: readBlue }} /> : ack >= 3 ? <DoneAll sx={style} /> : ack >= 1 ? <Done sx={style} /> : <AccessTime sx={style} />;
  return (
    <Tooltip title={label}>
      <Stack component="span" role="img" aria-label={label} data-ack={ack} sx={{ display: "inline-flex", color: "text.secondary" }}>
        {icon}
      </Stack>
    </Tooltip>
  );
}
