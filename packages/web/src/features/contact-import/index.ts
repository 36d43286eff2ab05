export { ImportContacts } from "./components/import-contacts";
