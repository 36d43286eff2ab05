import { campaignAudience, campaignBody, createCampaignBody, weeklyHours, type Campaign, type CreateCampaignBody } from "@atendo/contracts";
import { z } from "zod";
import { dateTimeLocal } from "../../../lib/date-format";
import { zonedMoment } from "../../../lib/time-zone";

/**
 * The campaign form's values: the contract's body, but the connection 0 until one is chosen
 * and the start time as a datetime-local field holds it, on the install's clock ("" = at once).
 */
export const campaignFormSchema = z.object({
  name: createCampaignBody.shape.name,
  whatsappId: z.number().int().positive(),
  queueId: z.number().int().positive().nullable(),
  // Every part of the audience present (the contract's defaults would make them optional in the form).
  audience: z.object({
    tagIds: campaignAudience.shape.tagIds.unwrap(),
    contactIds: campaignAudience.shape.contactIds.unwrap(),
    search: campaignAudience.shape.search.unwrap(),
  }),
  body: campaignBody,
  startAt: z.string().refine((local) => local === "" || zonedMoment(local) !== null),
  window: weeklyHours.nullable(),
});
export type CampaignFormInput = z.input<typeof campaignFormSchema>;
export type CampaignFormValues = z.output<typeof campaignFormSchema>;

/** A new campaign's values, or a saved draft's. */
export function campaignFormDefaults(campaign: Campaign | undefined, zone?: string): CampaignFormInput {
  return {
    name: campaign?.name ?? "",
    whatsappId: campaign?.whatsapp.id ?? 0,
    queueId: campaign?.queue?.id ?? null,
    audience: {
      tagIds: campaign?.audience.tagIds ?? [],
      contactIds: campaign?.audience.contactIds ?? [],
      search: campaign?.audience.search ?? "",
    },
    body: campaign?.body ?? "",
    startAt: campaign?.startAt ? dateTimeLocal(new Date(campaign.startAt), zone) : "",
    window: campaign?.window ?? null,
  };
}

/** The request body: the start time as an ISO moment (null: at once). */
export function campaignBodyOf(values: CampaignFormValues, zone?: string): CreateCampaignBody {
  const start = values.startAt === "" ? null : zonedMoment(values.startAt, zone);
  return { ...values, startAt: start ? start.toISOString() : null };
}

/** Whether an audience picks anyone at all (tags, contacts or a search); the CSV adds to it later. */
export function hasAudience(audience: { tagIds: readonly number[]; contactIds: readonly number[]; search: string }): boolean {
  return audience.tagIds.length > 0 || audience.contactIds.length > 0 || audience.search.trim() !== "";
}
