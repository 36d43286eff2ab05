import type { Contact } from "@atendo/contracts";
import type { AppContext } from "../../context.js";
import { replaceContactTags } from "../tags/tag-links.repo.js";
import { getContact } from "./contacts.service.js";

/**
 * PUT /contacts/{id}/tags: `tagIds` becomes the contact's whole set of labels. Whoever edits
 * contacts (every signed-in user, docs/decisions/0009) may; everyone hears the contact's `update`.
 */
export async function setContactTags(ctx: AppContext, id: number, tagIds: readonly number[]): Promise<Contact> {
  await getContact(ctx, id);
  await ctx.db.transaction((tx) => replaceContactTags(tx, id, tagIds));
  const contact = await getContact(ctx, id);
  await ctx.events.emit("contact.updated", { contact });
  return contact;
}
