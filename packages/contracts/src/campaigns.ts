import { z } from "zod";
import { namedRef, pageNumber, timestamps } from "./common.js";
import { weeklyHours } from "./destinations.js";
import { entityEvent } from "./entity-event.js";
import { limits } from "./limits.js";

/**
 * Campaigns (issue 31): one message, with variables, sent by admins to an audience through one
 * connection at that connection's pace, inside a sending window.
 * `draft` → start → `scheduled` (until `startAt`) → `running` ⇄ `paused` → `completed`;
 * `cancelled` from any state before completed.
 */
export const campaignStatuses = ["draft", "scheduled", "running", "paused", "completed", "cancelled"] as const;
export type CampaignStatus = (typeof campaignStatuses)[number];

/** Where one recipient stands; `queued` until its message is written. */
export const recipientStatuses = ["queued", "sent", "delivered", "read", "failed", "replied", "optedOut"] as const;
export type RecipientStatus = (typeof recipientStatuses)[number];

/**
 * Who receives it, resolved when the campaign starts: contacts carrying any of `tagIds`, the
 * `contactIds` chosen one by one, and every contact whose name or number matches `search`
 * (together: the union). Opted-out contacts and groups are never in it. An uploaded CSV adds its
 * contacts to a draft (`POST /campaigns/{id}/audience`).
 */
export const campaignAudience = z.object({
  tagIds: z.array(z.number().int().positive()).max(limits.idListMax).default([]),
  contactIds: z.array(z.number().int().positive()).max(limits.campaignContactIdsMax).default([]),
  search: z.string().trim().max(limits.searchMaxChars).default(""),
});
export type CampaignAudience = z.output<typeof campaignAudience>;

/** The message: `{{name}}`, `{{firstName}}`, `{{number}}` and any custom field's name (`{{city}}`) are replaced per contact. */
export const campaignBody = z.string().trim().min(1).max(limits.campaignBodyMax);

/** Counts per recipient status (every status present, 0 when none). */
export const recipientCounts = z.object(Object.fromEntries(recipientStatuses.map((status) => [status, z.number()])) as Record<RecipientStatus, z.ZodNumber>);
export type RecipientCounts = z.infer<typeof recipientCounts>;

export const campaign = z.object({
  id: z.number(),
  name: z.string(),
  status: z.enum(campaignStatuses),
  whatsapp: namedRef,
  /** Where a recipient's reply opens its ticket; null: the connection's own routing. */
  queue: namedRef.nullable(),
  audience: campaignAudience,
  /** Contacts an uploaded CSV added (part of the audience). */
  uploadedContacts: z.number(),
  body: z.string(),
  /** The attached file's name as uploaded, null without one. */
  mediaName: z.string().nullable(),
  /** When it starts on its own (ISO); null: at once when started. */
  startAt: z.string().nullable(),
  /** The days and hours it may send in the install's time zone; null: any time. */
  window: weeklyHours.nullable(),
  /** Recipients (known once started; before, the audience's current size). */
  total: z.number(),
  counts: recipientCounts,
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  createdBy: namedRef.nullable(),
  ...timestamps,
});
export type Campaign = z.infer<typeof campaign>;

/** POST /campaigns (admins): a draft. Multipart also accepted: these fields as `data` (JSON) and an optional `media` file. */
export const createCampaignBody = z.object({
  name: z.string().trim().min(limits.name.min).max(limits.campaignNameMax),
  whatsappId: z.number().int().positive(),
  queueId: z.number().int().positive().nullable().default(null),
  audience: campaignAudience,
  body: campaignBody,
  /** A file already uploaded for messages (its stored name), instead of a multipart `media`. */
  mediaPath: z.string().trim().max(255).optional(),
  startAt: z.iso.datetime({ offset: true }).nullable().default(null),
  window: weeklyHours.nullable().default(null),
});
export type CreateCampaignBody = z.input<typeof createCampaignBody>;

/** PUT /campaigns/{id} (admins, drafts and scheduled ones only): the fields given change. */
export const updateCampaignBody = createCampaignBody.partial();
export type UpdateCampaignBody = z.input<typeof updateCampaignBody>;

/** GET /campaigns */
export const campaignListQuery = z.object({ pageNumber, status: z.enum(campaignStatuses).optional() });
export const campaignList = z.object({ campaigns: z.array(campaign), count: z.number(), hasMore: z.boolean() });
export type CampaignList = z.infer<typeof campaignList>;

/** POST /campaigns/audience-count (admins): how many an audience reaches now, before saving. */
export const audienceCountBody = z.object({ audience: campaignAudience });
export const audienceCount = z.object({ total: z.number(), optedOut: z.number() });
export type AudienceCount = z.infer<typeof audienceCount>;

/** POST /campaigns/preview (admins): the body as one contact will read it. */
export const campaignPreviewBody = z.object({ body: campaignBody, contactId: z.number().int().positive() });
export const campaignPreview = z.object({ body: z.string() });
export type CampaignPreview = z.infer<typeof campaignPreview>;

/** POST /campaigns/{id}/audience (admins, drafts): a CSV (`number`, optional `name`, other columns become custom fields). */
export const campaignAudienceUpload = z.object({ added: z.number(), invalid: z.number(), uploadedContacts: z.number() });
export type CampaignAudienceUpload = z.infer<typeof campaignAudienceUpload>;

export const campaignRecipient = z.object({
  id: z.number(),
  contact: z.object({ id: z.number(), name: z.string(), number: z.string() }),
  status: z.enum(recipientStatuses),
  /** Why it failed, in the install's words; null otherwise. */
  error: z.string().nullable(),
  sentAt: z.string().nullable(),
  updatedAt: z.string(),
});
export type CampaignRecipient = z.infer<typeof campaignRecipient>;

/** GET /campaigns/{id}/recipients; `GET /campaigns/{id}/recipients/export` is the same as CSV. */
export const recipientListQuery = z.object({ pageNumber, status: z.enum(recipientStatuses).optional() });
export const recipientList = z.object({ recipients: z.array(campaignRecipient), count: z.number(), hasMore: z.boolean() });
export type RecipientList = z.infer<typeof recipientList>;

/** The actions: POST /campaigns/{id}/start | pause | resume | cancel. */
export const campaignActions = ["start", "pause", "resume", "cancel"] as const;
export type CampaignAction = (typeof campaignActions)[number];

/** `campaign` socket event, to admins: created, changed (progress at most once a second), deleted. */
export const campaignEvent = entityEvent("campaign", campaign);
export type CampaignEvent = z.infer<typeof campaignEvent>;
