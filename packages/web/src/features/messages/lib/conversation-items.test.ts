import type { Message, TicketNote } from "@atendo/contracts";
import { describe, expect, it } from "vitest";
import { conversationItems, isNoteItem } from "./conversation-items";

const message = (id: number) => ({ id, createdAt: "2026-01-01T00:00:00.000Z" }) as Message;
const note = (id: number, afterMessageId: number | null) => ({ id, afterMessageId, createdAt: "2026-01-01T00:00:00.000Z" }) as TicketNote;
const labels = (items: ReturnType<typeof conversationItems>) => items.map((item) => (isNoteItem(item) ? `n${item.note.id}` : `m${item.id}`));

describe("conversationItems", () => {
  it("places each note after the message it followed, notes before any message first, in writing order", () => {
    const items = conversationItems([message(10), message(11), message(12)], [note(3, 11), note(1, null), note(2, 11), note(4, 12)]);
    expect(labels(items)).toEqual(["n1", "m10", "m11", "n2", "n3", "m12", "n4"]);
  });

  it("gives notes ids no message has", () => {
    const items = conversationItems([message(5)], [note(5, 5)]);
    expect(new Set(items.map((item) => item.id)).size).toBe(2);
  });
});
