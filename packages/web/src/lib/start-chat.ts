import type { Contact } from "@atendo/contracts";
import { useNavigate } from "react-router";
import { paths } from "./paths";

/** Navigation state that asks the tickets page to open the new-ticket dialog for a contact. */
export interface StartChatState {
  startChatWith: Contact;
}

/** Opens the new-ticket dialog on /tickets with the contact chosen (spec §2 Contacts: start chat). */
export function useStartChat(): (contact: Contact) => void {
  const navigate = useNavigate();
  return (contact) => {
    const state: StartChatState = { startChatWith: contact };
    void navigate(paths.tickets, { state });
  };
}
