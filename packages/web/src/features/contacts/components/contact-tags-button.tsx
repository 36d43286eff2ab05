import type { Contact } from "@atendo/contracts";
import { useQueryClient } from "@tanstack/react-query";
import { http } from "../../../lib/http";
import { useTranslation } from "../../../lib/i18n";
import { TagPickerButton } from "../../tags";
import { contactLists } from "../api/contacts.queries";

/** PUT /contacts/{id}/tags: the contact's whole new set of tags (docs/decisions/0072). */
function setContactTags(id: number, tagIds: readonly number[]): Promise<Contact> {
  return http.put<Contact>(`/contacts/${id}/tags`, { tagIds });
}

/** A contact row's tag button: everyone who edits contacts may change a contact's tags. */
export function ContactTagsButton({ contact }: { contact: Contact }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const save = async (tagIds: number[]) => contactLists.store(queryClient, await setContactTags(contact.id, tagIds));
  return <TagPickerButton label={t("tags.editOf", { name: contact.name })} value={contact.tags} onSave={save} />;
}
