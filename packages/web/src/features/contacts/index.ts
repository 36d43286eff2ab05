export { ContactsPage } from "./components/contacts-page";
export { ContactAvatar, initials } from "./components/contact-avatar";
export { ContactDialog } from "./components/contact-dialog";
