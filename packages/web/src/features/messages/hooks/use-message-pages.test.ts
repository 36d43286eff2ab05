import { appMessageEvent, type MessagePage } from "@atendo/contracts";
import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { aMessage, aTicket } from "../../../test/fixtures";
import type { MessagePages } from "../lib/messages-cache";
import { applyMessageEvent } from "./use-message-pages";

/** Live `appMessage` events as the server sends them (docs/decisions/0047): create, update, edit. */
describe("applyMessageEvent", () => {
  it("shows a customer's edit (action edit): the new text, marked edited, in place", () => {
    const queryClient = new QueryClient();
    const key = ["messages", 7];
    const original = aMessage({ id: 41, ticketId: 7, body: "typo" });
    queryClient.setQueryData<MessagePages<MessagePage>>(key, {
      pages: [{ messages: [original], hasMore: false, ticket: aTicket({ id: 7 }), notes: [] }],
      pageParams: [1],
    });
    const event = appMessageEvent.parse({ action: "edit", message: { ...original, body: "fixed", isEdited: true } });
    applyMessageEvent(queryClient, key, event.action, event.message);
    const messages = queryClient.getQueryData<MessagePages<MessagePage>>(key)?.pages[0]?.messages;
    expect(messages).toEqual([expect.objectContaining({ id: 41, body: "fixed", isEdited: true })]);
  });

  it("does not add an edited message that is not loaded (only create adds)", () => {
    const queryClient = new QueryClient();
    const key = ["messages", 8];
    queryClient.setQueryData<MessagePages<MessagePage>>(key, { pages: [{ messages: [], hasMore: false, ticket: aTicket({ id: 8 }), notes: [] }], pageParams: [1] });
    applyMessageEvent(queryClient, key, "edit", aMessage({ id: 50, ticketId: 8, body: "fixed", isEdited: true }));
    expect(queryClient.getQueryData<MessagePages<MessagePage>>(key)?.pages[0]?.messages).toEqual([]);
  });
});
