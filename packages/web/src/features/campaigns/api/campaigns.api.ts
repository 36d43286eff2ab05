import type {
  AudienceCount,
  Campaign,
  CampaignAction,
  CampaignAudience,
  CampaignAudienceUpload,
  CampaignList,
  CampaignPreview,
  CampaignStatus,
  CreateCampaignBody,
  RecipientList,
  RecipientStatus,
  UpdateCampaignBody,
} from "@atendo/contracts";
import { apiFile, http, type ApiFile } from "../../../lib/http";
import { resourceApi } from "../../../lib/resource-api";

const campaignsApi = resourceApi<Campaign, CreateCampaignBody, UpdateCampaignBody>("/campaigns");

export const { get: getCampaign, remove: deleteCampaign } = campaignsApi;

/** GET /campaigns: one page, newest first; `status` narrows it. */
export function listCampaigns(query: { pageNumber: number; status?: CampaignStatus }, signal?: AbortSignal): Promise<CampaignList> {
  return http.get<CampaignList>("/campaigns", { query, signal });
}

/**
 * POST /campaigns: a draft, as JSON, or, with a file to attach, multipart: the fields as `data`
 * (JSON) and the file as `media` (the contract's multipart form, which only creating takes).
 */
export function createCampaign(body: CreateCampaignBody, media: File | null = null): Promise<Campaign> {
  if (!media) return http.post<Campaign>("/campaigns", body);
  const form = new FormData();
  form.append("data", JSON.stringify(body));
  form.append("media", media);
  return http.post<Campaign>("/campaigns", form);
}

/** PUT /campaigns/:id (JSON only: the file is chosen when the campaign is created). */
export function updateCampaign(id: number, body: UpdateCampaignBody): Promise<Campaign> {
  return http.put<Campaign>(`/campaigns/${id}`, body);
}

/** POST /campaigns/:id/{start,pause,resume,cancel}: the campaign as it stands after. */
export function runCampaignAction(id: number, action: CampaignAction): Promise<Campaign> {
  return http.post<Campaign>(`/campaigns/${id}/${action}`);
}

/** POST /campaigns/:id/audience: a CSV's contacts join a draft's audience (the file in `csv`, as the contact import's). */
export function uploadCampaignAudience(id: number, file: File): Promise<CampaignAudienceUpload> {
  const form = new FormData();
  form.append("csv", file);
  return http.upload<CampaignAudienceUpload>(`/campaigns/${id}/audience`, form);
}

/** POST /campaigns/audience-count: how many an audience reaches now, and how many opted out are left out. */
export function countAudience(audience: CampaignAudience, signal?: AbortSignal): Promise<AudienceCount> {
  return http.post<AudienceCount>("/campaigns/audience-count", { audience }, { signal });
}

/** POST /campaigns/preview: the message as one contact will read it. */
export function previewCampaign(body: string, contactId: number, signal?: AbortSignal): Promise<CampaignPreview> {
  return http.post<CampaignPreview>("/campaigns/preview", { body, contactId }, { signal });
}

/** GET /campaigns/:id/recipients: one page, `status` narrowing it. */
export function listRecipients(id: number, query: { pageNumber: number; status?: RecipientStatus }, signal?: AbortSignal): Promise<RecipientList> {
  return http.get<RecipientList>(`/campaigns/${id}/recipients`, { query, signal });
}

/** GET /campaigns/:id/recipients/export: every recipient as CSV. */
export function exportRecipients(id: number): Promise<ApiFile> {
  return apiFile(`/campaigns/${id}/recipients/export`);
}
