import type { Chat } from "@atendo/contracts";
import { describe, expect, it } from "vitest";
import type { ChatListFilter } from "../api/chats.api";
import {
  applyChat,
  belongsToList,
  byUnreadThenRecent,
  canCreateChat,
  chatAfterMessage,
  markChatRead,
  needsGroupName,
  removeChat,
  type ChatListData,
  type ChatViewer,
} from "./chat-list-cache";

const me: ChatViewer = { id: 7, profile: "user" };
const admin: ChatViewer = { id: 1, profile: "admin" };
const all: ChatListFilter = { search: "", showAll: false };
const showAll: ChatListFilter = { search: "", showAll: true };

const member = (id: number) => ({ userId: id, user: { id, name: `User ${id}`, email: `u${id}@example.com`, extension: null, presence: "offline" as const } });

function aChat(id: number, overrides: Partial<Chat> = {}): Chat {
  const at = `2026-03-10T10:${String(id).padStart(2, "0")}:00.000Z`;
  return {
    id,
    name: `Chat ${id}`,
    isGroup: false,
    pictureUrl: null,
    ownerId: 7,
    lastMessage: "",
    unreadMessages: 0,
    userChat: [member(7), member(8)],
    createdAt: at,
    updatedAt: at,
    ...overrides,
  };
}

function pages(...chunks: [Chat[], boolean][]): ChatListData {
  return { pages: chunks.map(([chats, hasMore]) => ({ chats, hasMore, count: 0 })), pageParams: chunks.map((_, index) => index + 1) };
}

const ids = (data: ChatListData | undefined) => data?.pages.map((page) => page.chats.map((chat) => chat.id));

describe("who a chat is listed for", () => {
  it("lists a chat for its participants only", () => {
    expect(belongsToList(aChat(1), all, me)).toBe(true);
    expect(belongsToList(aChat(1, { userChat: [member(8), member(9)] }), all, me)).toBe(false);
  });

  it("lists everyone's chats for an admin only with show-all on", () => {
    const others = aChat(1, { userChat: [member(8), member(9)] });
    expect(belongsToList(others, all, admin)).toBe(false);
    expect(belongsToList(others, showAll, admin)).toBe(true);
    expect(belongsToList(others, showAll, me)).toBe(false);
  });
});

describe("order", () => {
  it("puts chats with unread messages first, then the most recent", () => {
    const sorted = [aChat(1), aChat(3), aChat(2, { unreadMessages: 4 })].sort(byUnreadThenRecent);
    expect(sorted.map((chat) => chat.id)).toEqual([2, 3, 1]);
  });
});

describe("live list updates", () => {
  it("adds a created chat on top when it sorts there", () => {
    const next = applyChat(pages([[aChat(2), aChat(1)], false]), aChat(3), all, me);
    expect(ids(next)).toEqual([[3, 2, 1]]);
  });

  it("does not add a chat to a searched list, but updates one shown there", () => {
    const searched = { search: "sales", showAll: false };
    expect(ids(applyChat(pages([[aChat(1)], false]), aChat(3), searched, me))).toEqual([[1]]);
    const renamed = applyChat(pages([[aChat(1)], false]), aChat(1, { name: "Sales" }), searched, me);
    expect(renamed?.pages[0]?.chats[0]?.name).toBe("Sales");
  });

  it("does not add someone else's chat for an admin without show-all", () => {
    const others = aChat(3, { userChat: [member(8), member(9)] });
    expect(ids(applyChat(pages([[aChat(1)], false]), others, all, admin))).toEqual([[1]]);
    expect(ids(applyChat(pages([[aChat(1)], false]), others, showAll, admin))).toEqual([[3, 1]]);
  });

  it("removes a chat the user was removed from, keeps it for an admin with show-all", () => {
    const left = aChat(1, { userChat: [member(8), member(9)], isGroup: true });
    expect(ids(applyChat(pages([[aChat(2), aChat(1)], false]), left, all, me))).toEqual([[2]]);
    expect(ids(applyChat(pages([[aChat(2), aChat(1)], false]), left, showAll, admin))).toEqual([[2, 1]]);
  });

  it("removes a deleted chat", () => {
    expect(ids(removeChat(pages([[aChat(2), aChat(1)], false]), 2))).toEqual([[1]]);
  });

  it("bumps a chat with a new message to the top and counts it unread", () => {
    const data = pages([[aChat(3), aChat(2), aChat(1)], false]);
    const bumped = chatAfterMessage(aChat(1, { updatedAt: "2026-03-10T11:00:00.000Z", unreadMessages: 1, lastMessage: "hi" }), null);
    const next = applyChat(data, bumped, all, me);
    expect(ids(next)).toEqual([[1, 3, 2]]);
    expect(next?.pages[0]?.chats[0]).toMatchObject({ unreadMessages: 1, lastMessage: "hi" });
  });

  it("does not count unread in the chat on screen", () => {
    expect(chatAfterMessage(aChat(1, { unreadMessages: 2 }), 1).unreadMessages).toBe(0);
    expect(chatAfterMessage(aChat(1, { unreadMessages: 2 }), 5).unreadMessages).toBe(2);
  });

  it("resets the badge on updateUnread and moves the chat among the read ones", () => {
    const data = pages([[aChat(1, { unreadMessages: 3 }), aChat(3), aChat(2)], false]);
    const next = markChatRead(data, 1, all, me);
    expect(ids(next)).toEqual([[3, 2, 1]]);
    expect(next?.pages[0]?.chats[2]?.unreadMessages).toBe(0);
    expect(markChatRead(data, 9, all, me)).toBe(data);
  });
});

describe("new chat rules (spec §5)", () => {
  it("asks for a group name from two other participants", () => {
    expect(needsGroupName(1)).toBe(false);
    expect(needsGroupName(2)).toBe(true);
  });

  it("creates with one participant, or a group with a 3–25 character name", () => {
    expect(canCreateChat(0, "")).toBe(false);
    expect(canCreateChat(1, "")).toBe(true);
    expect(canCreateChat(2, "ab")).toBe(false);
    expect(canCreateChat(2, "  ab  ")).toBe(false);
    expect(canCreateChat(2, "abc")).toBe(true);
    expect(canCreateChat(3, "x".repeat(25))).toBe(true);
    expect(canCreateChat(3, "x".repeat(26))).toBe(false);
  });
});
