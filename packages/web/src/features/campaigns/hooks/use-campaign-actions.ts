import type { Campaign, CampaignAction } from "@atendo/contracts";
import { useTranslation } from "../../../lib/i18n";
import { toast } from "../../../lib/toast";
import { useDialogTarget } from "../../../lib/use-dialog-target";
import { asksFirst } from "../lib/campaign-progress";
import { useCampaignAction } from "./use-campaigns";

/**
 * Start, pause, resume and cancel from a list row or the detail page: start and cancel ask first
 * (`confirm` is their dialog's state), and each says it was done.
 */
export function useCampaignActions() {
  const { t } = useTranslation();
  const mutation = useCampaignAction();
  const confirm = useDialogTarget<{ campaign: Campaign; action: CampaignAction }>();
  const run = (campaign: Campaign, action: CampaignAction) =>
    mutation.mutate({ id: campaign.id, action }, { onSuccess: () => toast.success(t(`campaigns.done.${action}`, { name: campaign.name })) });
  return {
    confirm,
    run,
    pending: mutation.isPending,
    /** What a button does: run at once, or ask first. */
    request: (campaign: Campaign, action: CampaignAction) => (asksFirst(action) ? confirm.show({ campaign, action }) : run(campaign, action)),
  };
}
