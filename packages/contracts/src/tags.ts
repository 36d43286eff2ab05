import { z } from "zod";
import { entityEvent } from "./entity-event.js";
import { failsWith } from "./errors.js";
import { limits } from "./limits.js";

/**
 * A label (issue 29, docs/decisions/0072): a name and a colour that tickets and contacts carry,
 * defined by admins and chosen by everyone. Tickets and contacts show them as `tags`.
 */
export const tag = z.object({ id: z.number(), name: z.string(), color: z.string() });
export type Tag = z.infer<typeof tag>;

/** 1–30 characters, unique regardless of case (409 `ERR_TAG_NAME_EXISTS`). */
export const tagName = z.string().trim().min(limits.tagName.min).max(limits.tagName.max);

/**
 * One of the queue form's 18 colours (`queueColorPresets`) or any `#RRGGBB`, any case in, upper
 * case out; anything else answers 400 `ERR_INVALID_TAG_COLOR`.
 */
export const tagColor = z
  .string()
  .trim()
  .refine((value) => /^#[0-9a-fA-F]{6}$/.test(value), failsWith("ERR_INVALID_TAG_COLOR", "a colour like #RRGGBB"))
  .transform((value) => value.toUpperCase());

/** POST /tags (admins). */
export const createTagBody = z.object({ name: tagName, color: tagColor });
export type CreateTagBody = z.input<typeof createTagBody>;

/** PUT /tags/{id} (admins): the fields given change. */
export const updateTagBody = createTagBody.partial();
export type UpdateTagBody = z.input<typeof updateTagBody>;

/** GET /tags/{id}/usage (admins): what deleting the tag takes it from, for the confirmation. */
export const tagUsage = z.object({ tickets: z.number(), contacts: z.number() });
export type TagUsage = z.infer<typeof tagUsage>;

/**
 * PUT /tickets/{id}/tags and PUT /contacts/{id}/tags: the whole new set of labels (repeated ids
 * count once; an unknown one answers 404 `ERR_NO_TAG_FOUND` and changes nothing).
 */
export const setTagsBody = z.object({
  tagIds: z
    .array(z.number().int().positive())
    .max(limits.tagsPerRecordMax)
    .transform((ids) => [...new Set(ids)]),
});
export type SetTagsBody = z.input<typeof setTagsBody>;

/**
 * `tag` socket event, to every signed-in user. A renamed, recoloured or deleted tag is not
 * announced again through each ticket and contact carrying it: clients patch or drop it in
 * what they hold (docs/decisions/0072).
 */
export const tagEvent = entityEvent("tag", tag);
export type TagEvent = z.infer<typeof tagEvent>;
