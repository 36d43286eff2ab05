import { useMutation, useQueryClient } from "@tanstack/react-query";
import { moveConnectionCustomers } from "../api/connection-safety.api";
import { connectionIncidentsQueryOptions } from "../api/connection-safety.queries";
import { connectionsQueryKey } from "../api/connections.queries";

/** Moves a connection's customers; the connections' rows and their tickets follow by their own events. */
export function useMoveCustomers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, toWhatsappId }: { id: number; toWhatsappId: number }) => moveConnectionCustomers(id, toWhatsappId),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: connectionsQueryKey });
      void queryClient.invalidateQueries({ queryKey: connectionIncidentsQueryOptions.queryKey });
    },
  });
}
