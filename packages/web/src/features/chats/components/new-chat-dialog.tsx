import { limits, type UserRef } from "@atendo/contracts";
import Button from "@mui/material/Button";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import { useState } from "react";
import { useTranslation } from "../../../lib/i18n";
import { useNavigate } from "react-router";
import { ResponsiveDialog } from "../../../components/responsive-dialog";
import { UsersAutocomplete } from "../../../components/users-autocomplete";
import { paths } from "../../../lib/paths";
import { useCurrentUser } from "../../../lib/session";
import { canCreateChat, needsGroupName } from "../hooks/new-chat-rules";
import { useCreateChat } from "../hooks/use-chat-actions";

/** Spec §2, §5: pick colleagues (not oneself); two or more make a group, which needs a name (3–25). */
export function NewChatDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const me = useCurrentUser();
  const [users, setUsers] = useState<UserRef[]>([]);
  const [name, setName] = useState("");
  const create = useCreateChat();
  const group = needsGroupName(users.length);
  const close = () => {
    setUsers([]);
    setName("");
    onClose();
  };
  const submit = () => {
    if (!me || !canCreateChat(users.length, name)) return;
    create.mutate(
      { participantIds: [me.id, ...users.map((user) => user.id)], chatName: group ? name.trim() : "" },
      {
        onSuccess: (chat) => {
          close();
          void navigate(paths.chat.href(chat.id));
        },
      },
    );
  };
  return (
    <ResponsiveDialog open={open} onClose={close} title={t("chats.newChat.title")}>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <UsersAutocomplete label={t("chats.newChat.participants")} value={users} onChange={setUsers} excludeIds={me ? [me.id] : []} />
          {group && (
            <TextField
              label={t("chats.newChat.groupName")}
              value={name}
              onChange={(event) => setName(event.target.value)}
              required
              slotProps={{ htmlInput: { maxLength: limits.groupName.max } }}
              helperText={t("chats.newChat.groupNameHelp", { min: limits.groupName.min, max: limits.groupName.max })}
            />
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>{t("common.cancel")}</Button>
        <Button variant="contained" onClick={submit} disabled={!canCreateChat(users.length, name)} loading={create.isPending}>
          {t("chats.newChat.create")}
        </Button>
      </DialogActions>
    </ResponsiveDialog>
  );
}
