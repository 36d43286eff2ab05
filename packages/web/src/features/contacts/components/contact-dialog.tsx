import { useTranslation } from "../../../lib/i18n";
import { DialogRecord } from "../../../components/dialog-query-state";
import { ResponsiveDialog } from "../../../components/responsive-dialog";
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
  return (
    <ResponsiveDialog open={open} onClose={onClose} title={contactId ? t("contacts.editTitle") : t("contacts.newTitle")}>
      {open && (contactId ? <EditContactBody key={contactId} id={contactId} onClose={onClose} /> : <ContactForm onClose={onClose} />)}
    </ResponsiveDialog>
  );
}

function EditContactBody({ id, onClose }: { id: number; onClose: () => void }) {
  const query = useContact(id);
  return (
    <DialogRecord query={query} onClose={onClose}>
      {(contact) => <ContactForm contact={contact} onClose={onClose} />}
    </DialogRecord>
  );
}
