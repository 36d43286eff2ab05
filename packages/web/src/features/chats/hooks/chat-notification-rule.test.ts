import type { AppChatMessageEvent, Chat, ChatMessage } from "@atendo/contracts";
import { describe, expect, it } from "vitest";
import { shouldNotifyChat } from "./chat-notification-rule";

const member = (userId: number) => ({ userId, user: { id: userId, name: `User ${userId}`, email: `u${userId}@example.com`, extension: null } });
const chat = { id: 7, name: "Team", isGroup: true, pictureUrl: null, ownerId: 1, lastMessage: "", unreadMessages: 1, userChat: [member(1), member(2)], createdAt: "", updatedAt: "" } as Chat;
const message = { id: 1, chatId: 7, body: "Hi", mediaType: "chat", mediaUrl: null, mimeType: null, fileName: null, ack: 1, isDeleted: false, fromMe: false, sender: { id: 1, name: "User 1" }, quotedMsg: null, createdAt: "", updatedAt: "" } as ChatMessage;
const created = (overrides: Partial<ChatMessage> = {}): AppChatMessageEvent => ({ action: "create", message: { ...message, ...overrides }, chat });

describe("shouldNotifyChat", () => {
  it("notifies a participant of someone else's new message in a chat not on screen", () => {
    expect(shouldNotifyChat(created(), 2, null, false)).toBe(true);
    expect(shouldNotifyChat(created(), 2, 99, false)).toBe(true);
  });

  it("stays quiet on one's own message, on updates, and for a reader who is not a participant", () => {
    expect(shouldNotifyChat(created({ fromMe: true }), 2, null, false)).toBe(false);
    expect(shouldNotifyChat({ action: "update", message }, 2, null, false)).toBe(false);
    expect(shouldNotifyChat(created(), 3, null, false)).toBe(false);
  });

  it("stays quiet for the chat on screen unless the tab is hidden", () => {
    expect(shouldNotifyChat(created(), 2, 7, false)).toBe(false);
    expect(shouldNotifyChat(created(), 2, 7, true)).toBe(true);
  });
});
