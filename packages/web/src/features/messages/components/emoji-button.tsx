import InsertEmoticon from "@mui/icons-material/InsertEmoticon";
import Box from "@mui/material/Box";
import CircularProgress from "@mui/material/CircularProgress";
import IconButton from "@mui/material/IconButton";
import Popover from "@mui/material/Popover";
import Tooltip from "@mui/material/Tooltip";
import { lazy, Suspense, useState } from "react";
import { useTranslation } from "../../../lib/i18n";

// Most messages carry no emoji from the picker (phones have their own keyboard): load it on first open.
const EmojiPicker = lazy(() => import("./emoji-picker"));

/** The composer's emoji button: a picker above it; Esc or a click outside closes it. */
export function EmojiButton({ disabled, onPick }: { disabled: boolean; onPick(emoji: string): void }) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <Tooltip title={t("messages.emoji.open")}>
        <span>
          <IconButton onClick={(event) => setAnchor(event.currentTarget)} disabled={disabled} aria-label={t("messages.emoji.open")} aria-haspopup="dialog" aria-expanded={anchor !== null}>
            <InsertEmoticon />
          </IconButton>
        </span>
      </Tooltip>
      <Popover
        open={anchor !== null}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: "top", horizontal: "left" }}
        transformOrigin={{ vertical: "bottom", horizontal: "left" }}
        slotProps={{ paper: { role: "dialog", "aria-label": t("messages.emoji.title") } }}
      >
        <Suspense
          fallback={
            <Box sx={{ width: 336, height: 280, display: "grid", placeItems: "center" }}>
              <CircularProgress size={24} aria-label={t("common.loading")} />
            </Box>
          }
        >
          <EmojiPicker onPick={onPick} />
        </Suspense>
      </Popover>
    </>
  );
}
