import type { ContactPage, Contact, Message, MessagePage, QuickAnswer, SendChatMessageBody, SendMessageBody, TicketResult } from "@atendo/contracts";
import { limits } from "@atendo/contracts";
import { apiBlob, http, isApiError, type UploadTransfer } from "../../../lib/http";
import type { DraftCalls } from "../lib/send-draft";

export function listMessages(ticketId: number, pageNumber: number, signal?: AbortSignal): Promise<MessagePage> {
  return http.get<MessagePage>(`/messages/${ticketId}`, { query: { pageNumber }, signal });
}

/** PUT /messages/{ticketId}: what arrived in the ticket on screen is read (only the owner's call resets the count). */
export function markMessagesRead(ticketId: number): Promise<{ ok: true }> {
  return http.put<{ ok: true }>(`/messages/${ticketId}`);
}

/** A send's multipart body (tickets and internal chats): the files in `medias`, `body` as the first file's caption. */
function filesForm(files: readonly File[], body: string | null): FormData {
  const form = new FormData();
  if (body) form.append("body", body);
  for (const file of files) form.append("medias", file, file.name);
  return form;
}

/**
 * The sends of a conversation's messages endpoint (`/messages/{ticketId}`, `/chatmessages/{chatId}`):
 * the text as JSON with the message it answers, the files as multipart with their progress
 * reported and cancellable (`transfer`); each answers with the messages stored.
 */
export function conversationSends<M>(url: string, transfer?: UploadTransfer): DraftCalls<M> {
  return {
    text: async (body, quotedId) => {
      const request: SendMessageBody & SendChatMessageBody = { body, quotedMsg: quotedId === null ? null : { id: quotedId } };
      return (await http.post<{ messages: M[] }>(url, request)).messages;
    },
    files: async (batch, caption) => (await http.upload<{ messages: M[] }>(url, filesForm(batch, caption), transfer)).messages,
  };
}

/** A ticket's sends (POST /messages/{ticketId}). */
export const ticketSends = (ticketId: number) => (transfer?: UploadTransfer) => conversationSends<Message>(`/messages/${ticketId}`, transfer);

export function deleteMessage(messageId: number, ticketId: number): Promise<void> {
  return http.delete<void>(`/messages/${messageId}`, { ticketId });
}

export async function lookupQuickAnswers(q: string, signal?: AbortSignal): Promise<QuickAnswer[]> {
  const page = await http.get<{ quickAnswers: QuickAnswer[] }>("/quickAnswers/lookup", {
    query: { q, limit: limits.quickAnswerLookupMax },
    signal,
  });
  return page.quickAnswers;
}

export function fetchMedia(mediaUrl: string, signal?: AbortSignal): Promise<Blob> {
  return apiBlob(mediaUrl, signal);
}

/** The contact with this number: created from a shared card, or the one already saved. */
async function contactFor(name: string, number: string): Promise<Contact> {
  try {
    return await http.post<Contact>("/contacts", { name, number });
  } catch (error) {
    if (!isApiError(error) || error.code !== "ERR_DUPLICATED_CONTACT") throw error;
    const page = await http.get<ContactPage>("/contacts", { query: { searchParam: number, pageNumber: 1 } });
    const found = page.contacts.find((contact) => contact.number === number);
    if (!found) throw error;
    return found;
  }
}

/** Starts (or finds) the conversation with a shared contact on the current ticket's connection. */
export async function startChatWith(name: string, number: string, whatsappId: number): Promise<TicketResult> {
  const contact = await contactFor(name, number);
  return http.post<TicketResult>("/tickets", { contactId: contact.id, whatsappId, status: "open" });
}
