import type { CampaignStatus } from "@atendo/contracts";
import Chip, { type ChipProps } from "@mui/material/Chip";
import { useTranslation } from "../../../lib/i18n";

const colours: Record<CampaignStatus, ChipProps["color"]> = {
  draft: "default",
  scheduled: "info",
  running: "primary",
  paused: "warning",
  completed: "success",
  cancelled: "default",
};

/** A campaign's status, coloured by where it stands (sending, waiting, done). */
export function CampaignStatusChip({ status }: { status: CampaignStatus }) {
  const { t } = useTranslation();
  return <Chip size="small" color={colours[status]} variant={status === "cancelled" ? "outlined" : "filled"} label={t(`campaigns.statuses.${status}`)} />;
}
