import type { Campaign } from "@atendo/contracts";
import Box from "@mui/material/Box";
import LinearProgress from "@mui/material/LinearProgress";
import Typography from "@mui/material/Typography";
import { useTranslation } from "../../../lib/i18n";
import { doneCount, progressPercent } from "../lib/campaign-progress";

/** How far the sending is: a bar, and "12 of 50" beside it (the bar is named by the campaign). */
export function CampaignProgressBar({ campaign }: { campaign: Pick<Campaign, "name" | "counts" | "total"> }) {
  const { t } = useTranslation();
  const percent = progressPercent(campaign);
  const text = t("campaigns.progress", { done: doneCount(campaign.counts), total: campaign.total });
  return (
    <Box sx={{ display: "flex", alignItems: "center", gap: 1, minWidth: 0 }}>
      <LinearProgress
        variant="determinate"
        value={percent}
        aria-label={t("campaigns.progressOf", { name: campaign.name })}
        aria-valuetext={text}
        sx={{ flex: "1 1 auto", minWidth: 48, height: 8, borderRadius: 4 }}
      />
      <Typography variant="caption" color="text.secondary" sx={{ whiteSpace: "nowrap", fontVariantNumeric: "tabular-nums" }}>
        {text}
      </Typography>
    </Box>
  );
}
