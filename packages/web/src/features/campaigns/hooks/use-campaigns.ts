import type { Campaign, CampaignAction, CreateCampaignBody } from "@atendo/contracts";
import { useInfiniteQuery, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCacheMutation } from "../../../lib/cache-mutation";
import { flattenPages } from "../../../lib/paged-cache";
import { forEditForm } from "../../../lib/query-presets";
import { useServerEvent } from "../../../lib/socket";
import { useLiveCache } from "../../../lib/use-live-cache";
import { createCampaign, deleteCampaign, runCampaignAction, updateCampaign, uploadCampaignAudience } from "../api/campaigns.api";
import { campaignLists, campaignQueryKey, campaignQueryOptions, campaignRefreshMs, campaignsListQueryOptions, recipientsKey } from "../api/campaigns.queries";

const { store, storeOwn, forget, refetchInFlight } = campaignLists;

/** The campaigns loaded so far (newest first) and what the list needs to load more. */
export function useCampaignList() {
  const query = useInfiniteQuery({ ...campaignsListQueryOptions(), meta: { silent: true } });
  return { query, campaigns: flattenPages(query.data, "campaigns") };
}

/** One campaign (its detail page), kept live by `campaign` events and, once started, read again every few seconds (see campaignRefreshMs). */
export function useCampaign(id: number) {
  return useQuery({
    ...campaignQueryOptions(id),
    refetchInterval: (query) => (query.state.data && query.state.data.status !== "draft" ? campaignRefreshMs : false),
    meta: { silent: true },
  });
}

/** What the form at /campaigns/edit/:id edits: read again on each opening (the form reads its defaults once). */
export function useEditedCampaign(id: number | undefined) {
  const query = useQuery({ ...campaignQueryOptions(id ?? 0), ...forEditForm, enabled: id !== undefined });
  if (id === undefined) return { campaign: undefined, ready: true, queries: [] };
  return { campaign: query.data, ready: query.isFetchedAfterMount && query.data !== undefined, queries: [query] };
}

/** Creates a draft (no id), a chosen file going along as multipart, or changes the draft `id`. */
export function useSaveCampaign(id: number | undefined) {
  return useCacheMutation(
    ({ body, media }: { body: CreateCampaignBody; media: File | null }) => (id === undefined ? createCampaign(body, media) : updateCampaign(id, body)),
    storeOwn,
  );
}

export function useDeleteCampaign() {
  return useCacheMutation(deleteCampaign, (queryClient, _result, id) => forget(queryClient, id));
}

/** Start, pause, resume or cancel: the answer is the campaign as it stands after. */
export function useCampaignAction() {
  return useCacheMutation(({ id, action }: { id: number; action: CampaignAction }) => runCampaignAction(id, action), storeOwn);
}

/** A CSV's contacts join the draft; the draft is read again for its new size. */
export function useUploadAudience(id: number) {
  const queryClient = useQueryClient();
  return useCacheMutation(
    (file: File) => uploadCampaignAudience(id, file),
    () => void queryClient.invalidateQueries({ queryKey: campaignQueryKey(id), exact: true }),
  );
}

/**
 * `campaign` events while a campaigns page is open: other admins' changes and the sending's
 * progress (at most once a second) go into the lists and the campaign's own query, and the pages
 * of its recipients on screen are read again.
 */
export function useCampaignsLive(): void {
  const queryClient = useQueryClient();
  useLiveCache("campaign", { store, forget, after: refetchInFlight });
  useServerEvent("campaign", (event) => {
    if (event.action === "delete") return;
    void queryClient.invalidateQueries({ queryKey: recipientsKey((event.campaign as Campaign).id) });
  });
}
