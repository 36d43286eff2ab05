import type { Message, SimulatorConversation } from "@atendo/contracts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useServerEvent } from "../../../lib/socket";
import { getSimulatorConversation, sendSimulatedMessage, type SimulatedMessage } from "../api/connections.api";

const conversationKey = (connectionId: number, number: string) => ["simulator", connectionId, number] as const;

function upsert(messages: readonly Message[], message: Message): Message[] {
  const index = messages.findIndex((item) => item.id === message.id);
  if (index === -1) return [...messages, message].sort((a, b) => a.id - b.id);
  return messages.map((item) => (item.id === message.id ? message : item));
}

/**
 * The simulated customer's conversation: GET once, then `appMessage` events (admins get them all)
 * add the attendants' replies and the customer's own messages, and update acks; `ticket` events
 * keep the ticket's status and queue current.
 */
export function useSimulatorConversation(connectionId: number, number: string | null) {
  const queryClient = useQueryClient();
  const key = conversationKey(connectionId, number ?? "");
  const query = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => getSimulatorConversation(connectionId, number ?? "", signal),
    enabled: number !== null,
    meta: { silent: true },
  });

  useServerEvent("appMessage", (event) => {
    if (number === null) return;
    const current = queryClient.getQueryData<SimulatorConversation>(key);
    if (event.action !== "create") {
      if (current?.messages.some((item) => item.id === event.message.id)) {
        queryClient.setQueryData<SimulatorConversation>(key, { ...current, messages: upsert(current.messages, event.message) });
      }
      return;
    }
    if (event.ticket.whatsappId !== connectionId || event.ticket.contact.number !== number) return;
    if (!current || current.ticket?.id !== event.ticket.id) {
      // A new ticket for this customer: read it whole.
      void queryClient.invalidateQueries({ queryKey: key, exact: true });
      return;
    }
    queryClient.setQueryData<SimulatorConversation>(key, { ticket: event.ticket, messages: upsert(current.messages, event.message) });
  });

  // Accepting, transferring or resolving sends no message: the ticket's own events keep its line current.
  useServerEvent("ticket", (event) => {
    if (!("ticket" in event)) return;
    const current = queryClient.getQueryData<SimulatorConversation>(key);
    if (current?.ticket?.id !== event.ticket.id) return;
    queryClient.setQueryData<SimulatorConversation>(key, { ...current, ticket: event.ticket });
  });

  return query;
}

export function useSendSimulatedMessage(connectionId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (message: SimulatedMessage) => sendSimulatedMessage(connectionId, message),
    // The socket usually brings it first; reading again covers a socket that is reconnecting.
    onSuccess: (_result, message) => queryClient.invalidateQueries({ queryKey: ["simulator", connectionId, message.number] }),
  });
}
