// Pages are not exported here: the router imports each lazily from its own module, and a page
// re-exported by this barrel would load with every chunk that imports the barrel.
export { contactQueryOptions, contactSearchQueryOptions, contactsListQueryOptions } from "./api/contacts.queries";
export { ContactAvatar, initials } from "./components/contact-avatar";
export { ContactDialog } from "./components/contact-dialog";
export { OptedOutChip } from "./components/opt-out";
