import type { Message, MessagePage } from "@atendo/contracts";
import { describe, expect, it } from "vitest";
import { aMessage } from "../../../test/fixtures";
import { flattenMessages, replaceMessage, upsertMessage, type MessagesData } from "./messages-cache";

const message = (id: number, patch: Partial<Message> = {}): Message => aMessage({ id, ticketId: 1, createdAt: "2026-01-01T10:00:00.000Z", updatedAt: "2026-01-01T10:00:00.000Z", ...patch });

function data(...pages: number[][]): MessagesData {
  const page = (ids: number[]) => ({ messages: ids.map((id) => message(id)), hasMore: true }) as unknown as MessagePage;
  return { pages: pages.map(page), pageParams: pages.map((_, index) => index + 1) };
}

const ids = (value: MessagesData | undefined) => flattenMessages(value).map((item) => item.id);

describe("messages cache", () => {
  it("flattens newest-first pages into one oldest-first list without boundary repeats", () => {
    expect(ids(data([4, 5, 6], [2, 3, 4], [1, 2]))).toEqual([1, 2, 3, 4, 5, 6]);
    expect(flattenMessages(undefined)).toEqual([]);
  });

  it("adds a new message once, however many times it arrives", () => {
    let value = upsertMessage(data([4, 5], [1, 2]), message(7));
    value = upsertMessage(value, message(6));
    value = upsertMessage(value, message(7));
    expect(ids(value)).toEqual([1, 2, 4, 5, 6, 7]);
  });

  it("replaces a loaded message in every page that holds it", () => {
    const value = upsertMessage(data([3, 4], [2, 3]), message(3, { ack: 3 }));
    expect(value?.pages.flatMap((page) => page.messages.filter((item) => item.id === 3).map((item) => item.ack))).toEqual([3, 3]);
  });

  it("ignores an update of a message that is not loaded", () => {
    const before = data([3, 4]);
    expect(replaceMessage(before, message(1, { isDeleted: true }))).toBe(before);
    expect(replaceMessage(before, message(4, { isDeleted: true }))?.pages[0]?.messages[1]?.isDeleted).toBe(true);
  });

  it("never lowers a message's ack nor brings a deleted one back (a send's late answer after its live events)", () => {
    const acks = (value: MessagesData | undefined) => flattenMessages(value).map((item) => [item.ack, item.isDeleted]);
    // The socket said delivered, then the POST's answer (sent) arrives.
    let value = upsertMessage(upsertMessage(data([4]), message(5, { fromMe: true, ack: 1 })), message(5, { fromMe: true, ack: 3 }));
    value = upsertMessage(value, message(5, { fromMe: true, ack: 1 }));
    expect(acks(value)).toEqual([[0, false], [3, false]]);
    // A boundary copy in an older page is kept in step too.
    const twice = upsertMessage(data([3, 4], [2, 3]), message(3, { isDeleted: true, ack: 4 }));
    expect(upsertMessage(twice, message(3, { ack: 4 }))).toBe(twice);
    expect(replaceMessage(twice, message(3, { ack: 1, isDeleted: true }))).toBe(twice);
    // Moving on still applies: a higher ack, an edit at the same ack.
    expect(acks(upsertMessage(value, message(5, { fromMe: true, ack: 4 })))).toEqual([[0, false], [4, false]]);
    expect(flattenMessages(upsertMessage(value, message(5, { fromMe: true, ack: 3, isEdited: true }))).at(-1)?.isEdited).toBe(true);
  });

  it("leaves an empty cache alone", () => {
    expect(upsertMessage(undefined, message(1))).toBeUndefined();
  });
});
