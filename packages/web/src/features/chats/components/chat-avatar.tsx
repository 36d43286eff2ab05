import type { Chat } from "@atendo/contracts";
import GroupsIcon from "@mui/icons-material/Groups";
import Avatar from "@mui/material/Avatar";

/** A group's icon, or the initial of the other participant's name. */
export function ChatAvatar({ chat }: { chat: Pick<Chat, "name" | "isGroup"> }) {
  return (
    <Avatar sx={{ bgcolor: chat.isGroup ? "secondary.main" : "primary.main" }} aria-hidden>
      {chat.isGroup ? <GroupsIcon /> : (chat.name.trim()[0] ?? "?").toUpperCase()}
    </Avatar>
  );
}
