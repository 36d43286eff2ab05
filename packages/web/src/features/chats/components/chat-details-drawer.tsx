import { groupName, limits, type Chat, type ChatAbilities } from "@atendo/contracts";
import CloseIcon from "@mui/icons-material/Close";
import EditIcon from "@mui/icons-material/Edit";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Divider from "@mui/material/Divider";
import Drawer from "@mui/material/Drawer";
import IconButton from "@mui/material/IconButton";
import List from "@mui/material/List";
import ListItem from "@mui/material/ListItem";
import ListItemText from "@mui/material/ListItemText";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import { useTranslation } from "../../../lib/i18n";
import { useNavigate } from "react-router";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { UserPresenceDot, UserPresenceLine } from "../../../components/presence-dot";
import { paths } from "../../../lib/paths";
import { useCurrentUser } from "../../../lib/session";
import { useLeaveChat, useRenameChat } from "../hooks/use-chat-actions";
import { AddParticipantDialog } from "./add-participant-dialog";
import { ChatAvatar } from "./chat-avatar";

interface ChatDetailsDrawerProps {
  open: boolean;
  chat: Chat;
  abilities: ChatAbilities;
  onClose: () => void;
}

/** The group's name, edited in place: saved on blur or Enter when it has at least 3 characters (spec §2). */
function GroupNameEditor({ chat, onDone }: { chat: Chat; onDone: () => void }) {
  const { t } = useTranslation();
  const [name, setName] = useState(chat.name);
  const rename = useRenameChat(chat.id);
  const save = () => {
    const valid = groupName.safeParse(name);
    if (valid.success && valid.data !== chat.name) rename.mutate(valid.data);
    onDone();
  };
  return (
    <TextField
      autoFocus
      size="small"
      fullWidth
      label={t("chats.details.name")}
      value={name}
      onChange={(event) => setName(event.target.value)}
      onBlur={save}
      onKeyDown={(event) => {
        if (event.key === "Enter") save();
        if (event.key === "Escape") onDone();
      }}
      slotProps={{ htmlInput: { maxLength: limits.groupName.max } }}
    />
  );
}

/** The details drawer (spec §2, 320 px): name, members; group actions or the other user's details. */
export function ChatDetailsDrawer({ open, chat, abilities, onClose }: ChatDetailsDrawerProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const me = useCurrentUser();
  const [editing, setEditing] = useState(false);
  const [adding, setAdding] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const leave = useLeaveChat(chat.id);
  const other = chat.isGroup ? null : chat.userChat.find((participant) => participant.userId !== me?.id);
  return (
    <Drawer anchor="right" open={open} onClose={onClose} slotProps={{ paper: { sx: { width: { xs: "100%", sm: 320 } }, "aria-label": t("chats.details.title") } }}>
      <Box sx={{ display: "flex", alignItems: "center", gap: 1, px: 2, minHeight: 64, borderBottom: 1, borderColor: "divider" }}>
        <Typography variant="subtitle1" component="h2" sx={{ flex: 1, fontWeight: 600 }}>
          {t("chats.details.title")}
        </Typography>
        <IconButton onClick={onClose} aria-label={t("chats.details.close")}>
          <CloseIcon />
        </IconButton>
      </Box>
      <Box sx={{ p: 2, display: "flex", flexDirection: "column", alignItems: "center", gap: 1 }}>
        <ChatAvatar chat={chat} />
        {editing ? (
          <GroupNameEditor chat={chat} onDone={() => setEditing(false)} />
        ) : (
          <Box sx={{ display: "flex", alignItems: "center", gap: 0.5, maxWidth: "100%" }}>
            <Typography variant="h6" component="p" noWrap>
              {chat.name}
            </Typography>
            {abilities.rename && (
              <IconButton size="small" onClick={() => setEditing(true)} aria-label={t("chats.details.rename")}>
                <EditIcon fontSize="small" />
              </IconButton>
            )}
          </Box>
        )}
        <Typography variant="body2" color="text.secondary">
          {t("chats.members", { count: chat.userChat.length })}
        </Typography>
      </Box>
      <Divider />
      {other && (
        <Box sx={{ p: 2 }}>
          <UserPresenceLine userId={other.userId} presence={other.user.presence} />
          <ListItemText primary={t("chats.details.email")} secondary={other.user.email} />
          <ListItemText primary={t("chats.details.extension")} secondary={other.user.extension || "—"} />
        </Box>
      )}
      {chat.isGroup && (
        <>
          <List dense aria-label={t("chats.details.members")}>
            {chat.userChat.map((participant) => (
              <ListItem key={participant.userId} sx={{ gap: 1.5 }}>
                <UserPresenceDot userId={participant.userId} presence={participant.user.presence} />
                <ListItemText primary={participant.user.name} secondary={participant.user.email} />
              </ListItem>
            ))}
          </List>
          <Box sx={{ p: 2, display: "grid", gap: 1 }}>
            {abilities.addParticipants && (
              <Button variant="outlined" onClick={() => setAdding(true)}>
                {t("chats.details.add")}
              </Button>
            )}
            {abilities.leave && (
              <Button color="error" onClick={() => setLeaving(true)}>
                {t("chats.details.leave")}
              </Button>
            )}
          </Box>
          <AddParticipantDialog open={adding} chat={chat} onClose={() => setAdding(false)} />
          <ConfirmDialog
            open={leaving}
            title={t("chats.details.leaveTitle")}
            message={t("chats.details.leaveText", { name: chat.name })}
            confirmLabel={t("chats.details.leave")}
            danger
            onConfirm={() => me && leave.mutate(me.id, { onSuccess: () => void navigate(paths.chats) })}
            onClose={() => setLeaving(false)}
          />
        </>
      )}
    </Drawer>
  );
}
