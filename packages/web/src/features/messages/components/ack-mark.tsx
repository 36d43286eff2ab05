import AccessTime from "@mui/icons-material/AccessTime";
import Done from "@mui/icons-material/Done";
import DoneAll from "@mui/icons-material/DoneAll";
import Stack from "@mui/material/Stack";
import Tooltip from "@mui/material/Tooltip";
import type { ReactNode } from "react";
import { useTranslation } from "../../../lib/i18n";
import { schemeColour } from "../../../lib/scheme-colour";

/** How far an own message got; tickets and internal chats number their acks differently (spec §3). */
export type AckStage = "pending" | "sent" | "delivered" | "read" | "played";

// Lighter in the dark scheme, where the darker blue fades into the bubble.
const readBlue = schemeColour("#1e88e5", "#7cc4fa");
const style = { fontSize: 16 };
const icons: Record<AckStage, ReactNode> = {
  pending: <AccessTime sx={style} />,
  sent: <Done sx={style} />,
  delivered: <DoneAll sx={style} />,
  read: <DoneAll sx={{ ...style, color: readBlue }} />,
  played: <DoneAll sx={{ ...style, color: readBlue }} />,
};

/** An own message's tick (spec §9): clock, tick, double tick, blue double tick; named for screen readers. */
export function AckMark({ stage, ack }: { stage: AckStage; ack: number }) {
  const { t } = useTranslation();
  const label = t(`messages.ack.${stage}`);
  return (
    <Tooltip title={label}>
      <Stack component="span" role="img" aria-label={label} data-ack={ack} sx={{ display: "inline-flex", color: "text.secondary" }}>
        {icons[stage]}
      </Stack>
    </Tooltip>
  );
}
