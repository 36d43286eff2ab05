import { useMutation, useQuery } from "@tanstack/react-query";
import { forwardMessages, forwardTargets } from "../api/ticket.api";

/** Tickets messages can be forwarded to, searched on the server; the modal shows the error. */
export function useForwardTargets(search: string, enabled: boolean) {
  return useQuery({
    queryKey: ["tickets", "forward-targets", search],
    queryFn: ({ signal }) => forwardTargets(search, signal),
    enabled,
    staleTime: 0,
    meta: { silent: true },
  });
}

export function useForwardMessages() {
  return useMutation({ mutationFn: forwardMessages });
}
