import type { TicketNote } from "@atendo/contracts";
import DeleteOutline from "@mui/icons-material/DeleteOutline";
import EditOutlined from "@mui/icons-material/EditOutlined";
import LockOutlined from "@mui/icons-material/LockOutlined";
import Box from "@mui/material/Box";
import IconButton from "@mui/material/IconButton";
import Stack from "@mui/material/Stack";
import Tooltip from "@mui/material/Tooltip";
import Typography from "@mui/material/Typography";
import { useTranslation } from "../../../lib/i18n";
import { formatTime } from "../lib/message-dates";
import { schemeColour } from "../../../lib/scheme-colour";

/** The note's look: a wide amber card with a lock, set apart from the customer's and the team's bubbles. */
export const noteColors = { background: schemeColour("#fff4c4", "#3a3106"), border: "#e0b000", text: schemeColour("#4a3b00", "#ffe7a3") } as const;

interface PrivateNoteBubbleProps {
  note: TicketNote;
  highlighted: boolean;
  onEdit?: () => void;
  onDelete?: () => void;
}

/** A private note in the conversation (decision 0073): only the team sees it; mentions in bold. */
export function PrivateNoteBubble({ note, highlighted, onEdit, onDelete }: PrivateNoteBubbleProps) {
  const { t } = useTranslation();
  const author = note.author?.name ?? t("notes.unknownAuthor");
  return (
    <Box sx={{ px: { xs: 1, sm: 2 }, py: 0.5, display: "flex", justifyContent: "center" }}>
      <Box
        component="article"
        aria-label={t("notes.label", { name: author })}
        data-note-id={note.id}
        sx={{
          width: "100%",
          maxWidth: 640,
          bgcolor: noteColors.background,
          color: noteColors.text,
          border: `1px dashed ${noteColors.border}`,
          borderLeftWidth: 4,
          borderLeftStyle: "solid",
          borderRadius: 1.5,
          px: 1.5,
          py: 1,
          boxShadow: highlighted ? `0 0 0 3px ${noteColors.border}` : 1,
          transition: "box-shadow 0.3s",
        }}
      >
        <Stack direction="row" spacing={0.75} sx={{ alignItems: "center", mb: 0.5 }}>
          <LockOutlined sx={{ fontSize: 16 }} aria-hidden />
          <Typography variant="caption" sx={{ fontWeight: 700, flex: 1, minWidth: 0 }} noWrap>
            {t("notes.heading", { name: author })}
          </Typography>
          {onEdit && (
            <Tooltip title={t("notes.edit")}>
              <IconButton size="small" onClick={onEdit} aria-label={t("notes.edit")} sx={{ color: "inherit", p: 0.5 }}>
                <EditOutlined sx={{ fontSize: 18 }} />
              </IconButton>
            </Tooltip>
          )}
          {onDelete && (
            <Tooltip title={t("notes.delete")}>
              <IconButton size="small" onClick={onDelete} aria-label={t("notes.delete")} sx={{ color: "inherit", p: 0.5 }}>
                <DeleteOutline sx={{ fontSize: 18 }} />
              </IconButton>
            </Tooltip>
          )}
        </Stack>
        <Typography variant="body2" sx={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
          <MentionedText text={note.body} names={note.mentionedUsers.map((user) => user.name)} />
        </Typography>
        <Typography variant="caption" component="p" sx={{ textAlign: "right", opacity: 0.8, mt: 0.25 }}>
          {[note.isEdited && t("messages.edited"), t("notes.onlyTeam"), formatTime(note.createdAt)].filter(Boolean).join(" · ")}
        </Typography>
      </Box>
    </Box>
  );
}

/** The text with each `@Name` of a mentioned user in bold. */
function MentionedText({ text, names }: { text: string; names: readonly string[] }) {
  const tokens = names.map((name) => `@${name}`).sort((a, b) => b.length - a.length);
  if (tokens.length === 0) return <>{text}</>;
  const pattern = new RegExp(`(${tokens.map((token) => token.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|")})`, "g");
  return (
    <>
      {text.split(pattern).map((part, i) =>
        tokens.includes(part) ? (
          <Box component="strong" key={i} sx={{ fontWeight: 700 }}>
            {part}
          </Box>
        ) : (
          part
        ),
      )}
    </>
  );
}
