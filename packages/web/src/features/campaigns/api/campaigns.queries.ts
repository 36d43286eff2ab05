import type { Campaign, CampaignAudience, CampaignList, RecipientStatus } from "@atendo/contracts";
import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { searchedListsCache, searchedPagesOptions } from "../../../lib/paged-cache";
import { recordQueries } from "../../../lib/resource-queries";
import { countAudience, getCampaign, listCampaigns, listRecipients } from "./campaigns.api";

export const { recordKey: campaignQueryKey, recordQueryOptions: campaignQueryOptions } = recordQueries("campaigns", getCampaign);

/**
 * How often an open campaign page reads its counts again. The `campaign` event follows the
 * sending, but delivered, read, replied and opted out are read from the messages and contacts
 * as they change, after the last batch too, and no event announces them (decision 0085).
 */
export const campaignRefreshMs = 5_000;

/** Newest first, as the server lists them. */
export function newestFirst(a: Campaign, b: Campaign): number {
  if (a.createdAt !== b.createdAt) return a.createdAt < b.createdAt ? 1 : -1;
  return b.id - a.id;
}

/** The loaded pages of /campaigns and each campaign's own query, kept live by `campaign` events. */
export const campaignLists = searchedListsCache<"campaigns", Campaign, CampaignList>("campaigns", "campaigns", newestFirst, campaignQueryKey);

/** Every campaign, newest first, 20 a page (the list has no search: the key's search stays ""). */
export function campaignsListQueryOptions() {
  return searchedPagesOptions("campaigns", "", ({ pageNumber }, signal) => listCampaigns({ pageNumber }, signal));
}

/** One page of a campaign's recipients; the page shown stays while the next loads. */
export function recipientsQueryOptions(id: number, status: RecipientStatus | null, pageNumber: number, live: boolean) {
  return queryOptions({
    refetchInterval: live ? campaignRefreshMs : false,
    queryKey: [...campaignQueryKey(id), "recipients", status ?? "all", pageNumber] as const,
    queryFn: ({ signal }) => listRecipients(id, { pageNumber, status: status ?? undefined }, signal),
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });
}

/** The prefix of every page of a campaign's recipients, fetched again as its progress moves. */
export const recipientsKey = (id: number) => [...campaignQueryKey(id), "recipients"] as const;

/** How many an audience reaches now (the form's live count). */
export function audienceCountQueryOptions(audience: CampaignAudience) {
  return queryOptions({
    queryKey: ["campaigns", "audience-count", audience] as const,
    queryFn: ({ signal }) => countAudience(audience, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
    meta: { silent: true },
  });
}
