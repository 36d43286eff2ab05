import { can, type ConnectionIncident } from "@atendo/contracts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "../../../lib/i18n";
import { useCurrentUser } from "../../../lib/session";
import { useServerEvent } from "../../../lib/socket";
import { toast } from "../../../lib/toast";
import { moveConnectionCustomers } from "../api/connection-safety.api";
import { connectionIncidentsQueryOptions } from "../api/connection-safety.queries";
import { connectionsQueryKey } from "../api/connections.queries";

/** The connections alerted as down, for admins (nothing for others: the route is theirs alone). */
export function useConnectionIncidents(): readonly ConnectionIncident[] {
  const admin = can(useCurrentUser()?.profile, "drawer-admin-items:view");
  return useQuery({ ...connectionIncidentsQueryOptions, enabled: admin }).data ?? [];
}

/**
 * Keeps the open alerts current from `connectionIncident` events and says when a connection is
 * back. Mounted once, in the shell (the banner), so a recovery is told once per tab.
 */
export function useConnectionIncidentsLive(): void {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  useServerEvent("connectionIncident", ({ action, incident }) => {
    const others = (current: ConnectionIncident[] | undefined) => (current ?? []).filter((item) => item.id !== incident.id);
    if (action === "alerted") {
      queryClient.setQueryData<ConnectionIncident[]>(connectionIncidentsQueryOptions.queryKey, (current) => [...others(current), incident]);
    } else {
      queryClient.setQueryData<ConnectionIncident[]>(connectionIncidentsQueryOptions.queryKey, others);
      toast.success(t("numberSafety.recovered", { name: incident.name }));
    }
  });
  // A connection whose customers were moved away is alerted no more (the server lists it no more either).
  useServerEvent("whatsapp", (event) => {
    if (event.action !== "update" || event.whatsapp.replacedById === null) return;
    const replaced = event.whatsapp.id;
    queryClient.setQueryData<ConnectionIncident[]>(connectionIncidentsQueryOptions.queryKey, (current) => current?.filter((item) => item.whatsappId !== replaced));
  });
}

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
