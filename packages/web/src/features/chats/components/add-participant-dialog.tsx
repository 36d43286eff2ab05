import type { Chat, UserRef } from "@atendo/contracts";
import Button from "@mui/material/Button";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import { useState } from "react";
import { useTranslation } from "../../../lib/i18n";
import { ResponsiveDialog } from "../../../components/responsive-dialog";
import { UsersAutocomplete } from "../../../components/users-autocomplete";
import { useAddChatParticipants } from "../hooks/use-chat-actions";

/** Spec §2: adds users not yet in the group. */
export function AddParticipantDialog({ open, chat, onClose }: { open: boolean; chat: Chat; onClose: () => void }) {
  const { t } = useTranslation();
  const [users, setUsers] = useState<UserRef[]>([]);
  const add = useAddChatParticipants(chat.id);
  const close = () => {
    setUsers([]);
    onClose();
  };
  return (
    <ResponsiveDialog open={open} onClose={close} title={t("chats.details.addTitle")} maxWidth="xs">
      <DialogContent>
        <UsersAutocomplete
          label={t("chats.newChat.participants")}
          value={users}
          onChange={setUsers}
          excludeIds={chat.userChat.map((participant) => participant.userId)}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>{t("common.cancel")}</Button>
        <Button
          variant="contained"
          disabled={users.length === 0}
          loading={add.isPending}
          onClick={() => add.mutate(users.map((user) => user.id), { onSuccess: close })}
        >
          {t("chats.details.add")}
        </Button>
      </DialogActions>
    </ResponsiveDialog>
  );
}
