import type { Ticket } from "@atendo/contracts";
import DialpadIcon from "@mui/icons-material/Dialpad";
import ScheduleIcon from "@mui/icons-material/Schedule";
import Chip from "@mui/material/Chip";
import { useTranslation } from "../../../lib/i18n";

const chipSx = { height: 20, fontSize: "0.7rem", flexShrink: 0, maxWidth: 180, "& .MuiChip-icon": { fontSize: 14 } } as const;

/**
 * Where an unusual ticket stands: still in an automated menu (URA) or talking with a bot (both
 * admins only see), or waiting because it arrived out of opening hours. `withMenuName` names the
 * menu or the bot (the ticket view has the room).
 */
export function TicketStageChips({ ticket, withMenuName }: { ticket: Pick<Ticket, "ura" | "bot" | "outOfHours" | "status">; withMenuName?: boolean }) {
  const { t } = useTranslation();
  // One chip for either automated stage: the menu's (with its icon) or the bot's.
  const stage = ticket.ura ?? ticket.bot;
  const [short, long] = ticket.ura ? ["ticketList.menu", "ticketList.inMenu"] : ["ticketList.bot", "ticketList.withBot"];
  return (
    <>
      {stage && (
        <Chip
          size="small"
          color="info"
          variant="outlined"
          icon={ticket.ura ? <DialpadIcon /> : undefined}
          label={withMenuName ? t(long, { name: stage.name }) : t(short)}
          title={t(long, { name: stage.name })}
          sx={chipSx}
        />
      )}
      {ticket.outOfHours && ticket.status === "pending" && (
        <Chip size="small" color="warning" variant="outlined" icon={<ScheduleIcon />} label={t("ticketList.outOfHours")} title={t("ticketList.outOfHoursHint")} sx={chipSx} />
      )}
    </>
  );
}
