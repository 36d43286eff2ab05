import type { Ticket } from "@atendo/contracts";
import Box from "@mui/material/Box";
import { useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "../../../../lib/i18n";
import { TagChips, TagPickerButton } from "../../../tags";
import { setTicketTags } from "../../api/ticket.api";
import { storeTicket } from "../../hooks/use-ticket";

/**
 * Under the ticket's header: its tags, and for who may change them the button that opens the
 * picker. The answer is shown at once; the list rows follow the ticket's `update` event.
 */
export function TicketTagsBar({ ticket, mayTag }: { ticket: Ticket; mayTag: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  if (!mayTag && ticket.tags.length === 0) return null;
  const save = async (tagIds: number[]) => storeTicket(queryClient, (await setTicketTags(ticket.id, tagIds)).ticket);
  return (
    <Box
      sx={{ display: "flex", alignItems: "center", gap: 1, px: { xs: 1, sm: 2 }, py: 0.5, minHeight: 40, borderBottom: 1, borderColor: "divider", bgcolor: "background.paper" }}
    >
      {mayTag && <TagPickerButton label={t("tags.editOf", { name: ticket.contact.name })} value={ticket.tags} onSave={save} />}
      <TagChips tags={ticket.tags} aria-label={t("tags.list")} />
    </Box>
  );
}
