export { contactQueryOptions, contactSearchQueryOptions, contactsListQueryOptions } from "./api/contacts.queries";
export { ContactsPage } from "./components/contacts-page";
export { ContactAvatar, initials } from "./components/contact-avatar";
export { ContactDialog } from "./components/contact-dialog";
