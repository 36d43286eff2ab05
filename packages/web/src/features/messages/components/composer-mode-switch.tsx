import LockOutlined from "@mui/icons-material/LockOutlined";
import ReplyOutlined from "@mui/icons-material/ReplyOutlined";
import ToggleButton from "@mui/material/ToggleButton";
import ToggleButtonGroup from "@mui/material/ToggleButtonGroup";
import Box from "@mui/material/Box";
import { useTranslation } from "../../../lib/i18n";
import { noteColors } from "./private-note-bubble";

// The default grey of an unselected toggle is too faint on the note's amber: full text colour, the choice in bold.
const buttonSx = { gap: 0.5, py: 0.25, textTransform: "none", color: "text.primary", "&.Mui-selected": { fontWeight: 700, color: "text.primary" } } as const;

/** What the ticket's composer writes: a reply to the customer, or a private note to the team. */
export type ComposerMode = "reply" | "note";

export function ComposerModeSwitch({ mode, onChange }: { mode: ComposerMode; onChange: (mode: ComposerMode) => void }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ px: 1, pt: 0.5, bgcolor: mode === "note" ? noteColors.background : "background.paper", borderTop: 1, borderColor: "divider" }}>
      <ToggleButtonGroup
        size="small"
        exclusive
        value={mode}
        onChange={(_, next: ComposerMode | null) => next && onChange(next)}
        aria-label={t("notes.mode.label")}
      >
        <ToggleButton value="reply" sx={buttonSx}>
          <ReplyOutlined fontSize="small" aria-hidden />
          {t("notes.mode.reply")}
        </ToggleButton>
        <ToggleButton value="note" sx={buttonSx}>
          <LockOutlined fontSize="small" aria-hidden />
          {t("notes.mode.note")}
        </ToggleButton>
      </ToggleButtonGroup>
    </Box>
  );
}
