import type { ChatMessage } from "@atendo/contracts";
import AccessTime from "@mui/icons-material/AccessTime";
import Done from "@mui/icons-material/Done";
import DoneAll from "@mui/icons-material/DoneAll";
import Box from "@mui/material/Box";
import Tooltip from "@mui/material/Tooltip";
import { useTranslation } from "react-i18next";

const readBlue = "#1e88e5";
const style = { fontSize: 16 };

/** Ack of an own chat message (spec §3, §9): 0 clock, 1 tick, 2 double tick, 3 or 4 blue double tick. */
export function ChatMessageStatus({ ack }: Pick<ChatMessage, "ack">) {
  const { t } = useTranslation();
  const label = t(ack >= 3 ? "chats.ack.read" : ack === 2 ? "chats.ack.delivered" : ack === 1 ? "chats.ack.sent" : "chats.ack.pending");
  const icon = ack >= 3 ? <DoneAll sx={{ ...style, color: readBlue }} /> : ack === 2 ? <DoneAll sx={style} /> : ack === 1 ? <Done sx={style} /> : <AccessTime sx={style} />;
  return (
    <Tooltip title={label}>
      <Box component="span" role="img" aria-label={label} data-ack={ack} sx={{ display: "inline-flex", color: "text.secondary" }}>
        {icon}
      </Box>
    </Tooltip>
  );
}
