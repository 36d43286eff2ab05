import type { CampaignAction } from "@atendo/contracts";
import CancelOutlinedIcon from "@mui/icons-material/CancelOutlined";
import PauseIcon from "@mui/icons-material/Pause";
import PlayArrowIcon from "@mui/icons-material/PlayArrow";
import SendIcon from "@mui/icons-material/Send";

/** The icon of each action on its button. */
export function CampaignActionIcon({ action }: { action: CampaignAction }) {
  switch (action) {
    case "start":
      return <SendIcon fontSize="small" />;
    case "pause":
      return <PauseIcon fontSize="small" />;
    case "resume":
      return <PlayArrowIcon fontSize="small" />;
    case "cancel":
      return <CancelOutlinedIcon fontSize="small" />;
  }
}
