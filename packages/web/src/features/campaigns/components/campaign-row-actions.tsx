import type { Campaign } from "@atendo/contracts";
import DeleteOutlineIcon from "@mui/icons-material/DeleteOutline";
import EditIcon from "@mui/icons-material/Edit";
import Box from "@mui/material/Box";
import IconButton from "@mui/material/IconButton";
import Tooltip from "@mui/material/Tooltip";
import { Link as RouterLink } from "react-router";
import { useTranslation } from "../../../lib/i18n";
import { paths } from "../../../lib/paths";
import { campaignActionsOf, isDeletable, isEditable } from "../lib/campaign-progress";
import type { useCampaignActions } from "../hooks/use-campaign-actions";
import { CampaignActionIcon } from "./campaign-action-icon";

interface CampaignRowActionsProps {
  campaign: Campaign;
  actions: ReturnType<typeof useCampaignActions>;
  onDelete: (campaign: Campaign) => void;
}

/** A list row's buttons: what its status allows (start, pause, resume, cancel), then edit and delete when allowed. */
export function CampaignRowActions({ campaign, actions, onDelete }: CampaignRowActionsProps) {
  const { t } = useTranslation();
  const named = { name: campaign.name };
  return (
    <Box sx={{ display: "flex", justifyContent: "flex-end", gap: 0.5 }}>
      {campaignActionsOf(campaign.status).map((action) => {
        const label = t(`campaigns.actionsFor.${action}`, named);
        return (
          <Tooltip key={action} title={label}>
            <IconButton size="small" aria-label={label} disabled={actions.pending} onClick={() => actions.request(campaign, action)} color={action === "cancel" ? "error" : "primary"}>
              <CampaignActionIcon action={action} />
            </IconButton>
          </Tooltip>
        );
      })}
      {isEditable(campaign.status) && (
        <Tooltip title={t("campaigns.edit", named)}>
          <IconButton size="small" aria-label={t("campaigns.edit", named)} component={RouterLink} to={paths.editCampaign.href(campaign.id)}>
            <EditIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
      {isDeletable(campaign.status) && (
        <Tooltip title={t("campaigns.delete", named)}>
          <IconButton size="small" aria-label={t("campaigns.delete", named)} onClick={() => onDelete(campaign)} sx={{ color: "error.main" }}>
            <DeleteOutlineIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
    </Box>
  );
}
