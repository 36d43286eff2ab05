import type { Ticket } from "@atendo/contracts";
import { useQuery } from "@tanstack/react-query";
import { assistantStatusQuery } from "../api/assistant.api";

/** Whether the ticket shows the assistant: the install has one and the ticket's queue did not turn it off. */
export function useAssistantOn(ticket: Pick<Ticket, "queueId">): boolean {
  const { data } = useQuery(assistantStatusQuery);
  return data?.enabled === true && !(ticket.queueId !== null && data.offQueueIds.includes(ticket.queueId));
}
