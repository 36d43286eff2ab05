import type { Ticket } from "@atendo/contracts";
import DialpadIcon from "@mui/icons-material/Dialpad";
import ScheduleIcon from "@mui/icons-material/Schedule";
import SmartToyIcon from "@mui/icons-material/SmartToy";
import Chip from "@mui/material/Chip";
import { useTranslation } from "../../../lib/i18n";

const chipSx = { height: 20, fontSize: "0.7rem", flexShrink: 0, maxWidth: 180, "& .MuiChip-icon": { fontSize: 14 } } as const;

/**
 * Where an unusual ticket stands: still in an automated menu (URA), talking with a bot (admins
 * only see those), or waiting because it arrived out of opening hours. `withMenuName` names the
 * menu or the bot (the ticket view has the room).
 */
export function TicketStageChips({ ticket, withMenuName }: { ticket: Pick<Ticket, "ura" | "bot" | "outOfHours" | "status">; withMenuName?: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      {ticket.ura && (
        <Chip
          size="small"
          color="info"
          variant="outlined"
          icon={<DialpadIcon />}
          label={withMenuName ? t("ticketList.inMenu", { name: ticket.ura.name }) : t("ticketList.menu")}
          title={t("ticketList.inMenu", { name: ticket.ura.name })}
          sx={chipSx}
        />
      )}
      {ticket.bot && (
        <Chip
          size="small"
          color="info"
          variant="outlined"
          icon={<SmartToyIcon />}
          label={withMenuName ? t("ticketList.withBot", { name: ticket.bot.name }) : t("ticketList.bot")}
          title={t("ticketList.withBot", { name: ticket.bot.name })}
          sx={chipSx}
        />
      )}
      {ticket.outOfHours && ticket.status === "pending" && (
        <Chip size="small" color="warning" variant="outlined" icon={<ScheduleIcon />} label={t("ticketList.outOfHours")} title={t("ticketList.outOfHoursHint")} sx={chipSx} />
      )}
    </>
  );
}
