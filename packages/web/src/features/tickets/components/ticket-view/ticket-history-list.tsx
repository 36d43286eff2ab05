import type { Ticket } from "@atendo/contracts";
import Alert from "@mui/material/Alert";
import CircularProgress from "@mui/material/CircularProgress";
import List from "@mui/material/List";
import ListItemButton from "@mui/material/ListItemButton";
import ListItemText from "@mui/material/ListItemText";
import Typography from "@mui/material/Typography";
import { useTranslation } from "../../../../lib/i18n";
import { Link } from "react-router";
import { formatDateTime } from "../../../../lib/date-format";
import { errorMessage } from "../../../../lib/error-message";
import { paths } from "../../../../lib/paths";
import { useTicketHistory } from "../../hooks/use-ticket-history";
import { RatingStars } from "../ticket-rating";

/** The contact's other tickets, newest first, each a link to its conversation. */
export function TicketHistoryList({ ticket }: { ticket: Ticket }) {
  const { t } = useTranslation();
  const history = useTicketHistory(ticket.id, ticket.contactId, true);
  if (history.isPending) return <CircularProgress size={24} aria-label={t("common.loading")} />;
  if (history.error) return <Alert severity="error">{errorMessage(history.error)}</Alert>;
  const tickets = history.data.tickets.filter((item) => item.id !== ticket.id);
  if (tickets.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary">
        {t("ticketView.history.none")}
      </Typography>
    );
  }
  return (
    <List dense disablePadding aria-label={t("ticketView.history.title")}>
      {tickets.map((item) => (
        <ListItemButton key={item.id} component={Link} to={paths.ticket.href(item.id)} sx={{ borderRadius: 1, px: 1 }}>
          <ListItemText
            primary={
              <>
                {t("ticketView.history.item", { id: item.id, status: t(`ticketView.status.${item.status}`) })}
                {item.rating && (
                  <>
                    {" "}
                    <RatingStars score={item.rating.score} />
                  </>
                )}
              </>
            }
            secondary={[formatDateTime(item.updatedAt), item.user?.name ?? t("ticketView.noAttendant"), item.queue?.name]
              .filter(Boolean)
              .join(" · ")}
            slotProps={{ secondary: { noWrap: true } }}
          />
        </ListItemButton>
      ))}
    </List>
  );
}
