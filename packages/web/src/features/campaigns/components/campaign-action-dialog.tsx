import type { Campaign, CampaignAction } from "@atendo/contracts";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { useTranslation } from "../../../lib/i18n";
import type { DialogTarget } from "../../../lib/use-dialog-target";

/** Asks before starting (messages go to real people) or cancelling (it cannot be undone). */
export function CampaignActionDialog({ confirm, onConfirm }: { confirm: DialogTarget<{ campaign: Campaign; action: CampaignAction }>; onConfirm: (campaign: Campaign, action: CampaignAction) => void }) {
  const { t } = useTranslation();
  const target = confirm.target;
  const action = target?.action === "cancel" ? "cancel" : "start";
  return (
    <ConfirmDialog
      open={confirm.open}
      title={t(`campaigns.confirm.${action}Title`, { name: target?.campaign.name ?? "" })}
      message={t(`campaigns.confirm.${action}Text`, { count: target?.campaign.total ?? 0 })}
      confirmLabel={t(`campaigns.actions.${action}`)}
      cancelLabel={t(`campaigns.confirm.${action}Back`)}
      danger={action === "cancel"}
      onConfirm={() => target && onConfirm(target.campaign, target.action)}
      onClose={confirm.close}
    />
  );
}
