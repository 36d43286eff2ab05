import { layout, type Ticket } from "@atendo/contracts";
import CloseIcon from "@mui/icons-material/Close";
import EditIcon from "@mui/icons-material/Edit";
import Avatar from "@mui/material/Avatar";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Divider from "@mui/material/Divider";
import Drawer from "@mui/material/Drawer";
import IconButton from "@mui/material/IconButton";
import Tooltip from "@mui/material/Tooltip";
import Typography from "@mui/material/Typography";
import { useTheme } from "@mui/material/styles";
import useMediaQuery from "@mui/material/useMediaQuery";
import { useId, useState, type ReactNode } from "react";
import { contactNumberText, isPhoneNumber } from "../../../../lib/contact-number";
import { useTranslation } from "../../../../lib/i18n";
import { ContactDialog, initials, OptedOutChip } from "../../../contacts";
import { TicketHistoryList } from "./ticket-history-list";

/** A titled part of the drawer (contact details come first, untitled). */
function DrawerSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box sx={{ p: 2 }}>
      <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

interface ContactDrawerProps {
  open: boolean;
  ticket: Ticket;
  onClose: () => void;
}

/**
 * The contact's details beside the conversation (320 px, spec §2/§9): beside the messages on wide
 * screens, over them (temporary) on small ones.
 */
export function ContactDrawer({ open, ticket, onClose }: ContactDrawerProps) {
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up("lg"));
  const content = <ContactDetails ticket={ticket} onClose={onClose} />;
  if (!wide) {
    return (
      <Drawer
        anchor="right"
        open={open}
        onClose={onClose}
        slotProps={{ paper: { sx: { width: layout.sideDrawerWidth, maxWidth: "100vw" } } }}
      >
        {content}
      </Drawer>
    );
  }
  if (!open) return null;
  return (
    <Box
      component="aside"
      sx={{ width: layout.sideDrawerWidth, flexShrink: 0, borderLeft: 1, borderColor: "divider", bgcolor: "background.paper", overflowY: "auto" }}
    >
      {content}
    </Box>
  );
}

function ContactDetails({ ticket, onClose }: { ticket: Ticket; onClose: () => void }) {
  const { t } = useTranslation();
  const headingId = useId();
  const [editing, setEditing] = useState(false);
  const { contact } = ticket;
  return (
    <Box role="region" aria-labelledby={headingId} sx={{ display: "flex", flexDirection: "column" }}>
      <Box sx={{ display: "flex", alignItems: "center", gap: 1, px: 2, minHeight: 64, borderBottom: 1, borderColor: "divider" }}>
        <Typography id={headingId} variant="h3" component="h2" sx={{ flex: 1 }}>
          {t("ticketView.contact.title")}
        </Typography>
        <Tooltip title={t("ticketView.contact.close")}>
          <IconButton aria-label={t("ticketView.contact.close")} onClick={onClose}>
            <CloseIcon />
          </IconButton>
        </Tooltip>
      </Box>
      <Box sx={{ display: "flex", flexDirection: "column", alignItems: "center", gap: 0.5, p: 2, textAlign: "center" }}>
        <Avatar src={contact.profilePicUrl ?? undefined} alt="" sx={{ width: 96, height: 96, fontSize: "2rem", bgcolor: "primary.light", mb: 1 }}>
          {initials(contact.name) || undefined}
        </Avatar>
        <Typography variant="h3" component="p" sx={{ wordBreak: "break-word" }}>
          {contact.name}
        </Typography>
        {isPhoneNumber(contact.number) ? (
          <Typography variant="body2" component="a" href={`tel:+${contact.number}`} color="primary">
            {contact.number}
          </Typography>
        ) : (
          <Typography variant="body2" color="text.secondary" data-testid="contact-channel">
            {contactNumberText(contact.number, t)}
          </Typography>
        )}
        <OptedOutChip contact={contact} />
        {contact.email && (
          <Typography variant="body2" component="a" href={`mailto:${contact.email}`} color="primary" sx={{ wordBreak: "break-all" }}>
            {contact.email}
          </Typography>
        )}
        <Button startIcon={<EditIcon />} onClick={() => setEditing(true)} sx={{ mt: 1 }}>
          {t("ticketView.contact.edit")}
        </Button>
      </Box>
      <Divider />
      <DrawerSection title={t("ticketView.contact.extraInfo")}>
        {contact.extraInfo.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            {t("ticketView.contact.noExtraInfo")}
          </Typography>
        ) : (
          <Box component="dl" sx={{ m: 0 }}>
            {contact.extraInfo.map((info) => (
              <Box key={info.id} sx={{ mb: 1 }}>
                <Typography component="dt" variant="caption" color="text.secondary">
                  {info.name}
                </Typography>
                <Typography component="dd" variant="body2" sx={{ m: 0, wordBreak: "break-word" }}>
                  {info.value || "—"}
                </Typography>
              </Box>
            ))}
          </Box>
        )}
      </DrawerSection>
      <Divider />
      <DrawerSection title={t("ticketView.history.title")}>
        <TicketHistoryList ticket={ticket} />
      </DrawerSection>
      <ContactDialog open={editing} contactId={contact.id} onClose={() => setEditing(false)} />
    </Box>
  );
}
