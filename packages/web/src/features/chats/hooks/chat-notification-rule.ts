import type { AppChatMessageEvent } from "@atendo/contracts";

/**
 * Whether a live chat message deserves a browser notification (issue 14): a new message from
 * someone else, in a chat the user takes part in — an admin reading every chat with show-all is
 * not told about other people's conversations — unless that chat is open on screen and the tab
 * is visible.
 */
export function shouldNotifyChat(
  event: AppChatMessageEvent,
  viewerId: number,
  openChatId: number | null,
  documentHidden: boolean,
): event is Extract<AppChatMessageEvent, { action: "create" }> {
  if (event.action !== "create" || event.message.fromMe || event.message.isDeleted) return false;
  if (!event.chat.userChat.some((participant) => participant.userId === viewerId)) return false;
  return event.chat.id !== openChatId || documentHidden;
}
