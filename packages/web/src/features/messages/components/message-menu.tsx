import ExpandMore from "@mui/icons-material/ExpandMore";
import IconButton from "@mui/material/IconButton";
import ListItemText from "@mui/material/ListItemText";
import Menu from "@mui/material/Menu";
import MenuItem from "@mui/material/MenuItem";
import { useState } from "react";
import { useTranslation } from "../../../lib/i18n";

/** Each action is absent where the user may not take it (internal chats do not forward). */
export interface MessageMenuActions {
  onReply?: () => void;
  onForward?: () => void;
  onDelete?: () => void;
  /** The assistant's translation into the app's language (decision 0094). */
  onTranslate?: () => void;
}

/** The per-message menu: reply, forward, and delete for the user's own messages. */
export function MessageMenu({ onReply, onForward, onDelete, onTranslate }: MessageMenuActions) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const run = (action: () => void) => () => {
    setAnchor(null);
    action();
  };
  return (
    <>
      <IconButton
        size="small"
        className="message-menu-button"
        aria-label={t("messages.menu.options")}
        aria-haspopup="menu"
        aria-expanded={anchor ? "true" : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{ p: 0.25 }}
      >
        <ExpandMore fontSize="small" />
      </IconButton>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {onReply && (
          <MenuItem onClick={run(onReply)}>
            <ListItemText>{t("messages.menu.reply")}</ListItemText>
          </MenuItem>
        )}
        {onForward && (
          <MenuItem onClick={run(onForward)}>
            <ListItemText>{t("messages.menu.forward")}</ListItemText>
          </MenuItem>
        )}
        {onTranslate && (
          <MenuItem onClick={run(onTranslate)}>
            <ListItemText>{t("assistant.translate")}</ListItemText>
          </MenuItem>
        )}
        {onDelete && (
          <MenuItem onClick={run(onDelete)}>
            <ListItemText>{t("messages.menu.delete")}</ListItemText>
          </MenuItem>
        )}
      </Menu>
    </>
  );
}
