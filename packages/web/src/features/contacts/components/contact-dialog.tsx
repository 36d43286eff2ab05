import { EntityDialog } from "../../../components/entity-dialog";
import { contactQueryOptions } from "../api/contacts.queries";
import { ContactForm } from "./contact-form";

interface ContactDialogProps {
  open: boolean;
  /** The contact being edited; null for a new one. */
  contactId: number | null;
  onClose: () => void;
}

/** The contact modal (spec §2): main fields plus extra name/value pairs; an edited contact is fetched fresh. */
export function ContactDialog({ open, contactId, onClose }: ContactDialogProps) {
  return (
    <EntityDialog open={open} onClose={onClose} texts="contacts" id={contactId} recordQuery={contactQueryOptions}>
      {(contact) => <ContactForm contact={contact} onClose={onClose} />}
    </EntityDialog>
  );
}
