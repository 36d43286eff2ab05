import Dialog from "@mui/material/Dialog";
import DialogTitle from "@mui/material/DialogTitle";
import { useTheme } from "@mui/material/styles";
import useMediaQuery from "@mui/material/useMediaQuery";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { DialogQueryState } from "../../../components/dialog-query-state";
import { useContact } from "../hooks/use-contacts";
import { ContactForm } from "./contact-form";

interface ContactDialogProps {
  open: boolean;
  /** The contact being edited; null for a new one. */
  contactId: number | null;
  onClose: () => void;
}

/** The contact modal (spec §2): main fields plus extra name/value pairs. */
export function ContactDialog({ open, contactId, onClose }: ContactDialogProps) {
  const { t } = useTranslation();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down("sm"));
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" fullScreen={fullScreen} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{contactId ? t("contacts.editTitle") : t("contacts.newTitle")}</DialogTitle>
      {open && (contactId ? <EditContactBody key={contactId} id={contactId} onClose={onClose} /> : <ContactForm onClose={onClose} />)}
    </Dialog>
  );
}

function EditContactBody({ id, onClose }: { id: number; onClose: () => void }) {
  const query = useContact(id);
  // Wait for the fresh copy: the form's defaults are read once.
  if (query.error || !query.data || !query.isFetchedAfterMount) {
    return <DialogQueryState error={query.error} onRetry={() => void query.refetch()} onClose={onClose} />;
  }
  return <ContactForm contact={query.data} onClose={onClose} />;
}
