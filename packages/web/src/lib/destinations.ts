import { destinationKinds, type Destination, type DestinationItem, type DestinationKind, type DestinationType } from "@atendo/contracts";
import { useQueries, useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { http } from "./http";

/**
 * A destination as a form holds it: the kind and the item's id as select values, `""` until
 * chosen; submitted as the kind and a number.
 */
export const destinationFormFields = {
  type: z.union([z.literal(""), z.enum(destinationKinds)]).pipe(z.enum(destinationKinds)),
  item: z.string().min(1).transform(Number),
};

/** A saved destination as the form's select values. */
export function destinationFormValues(destination: Destination | undefined): { type: DestinationKind | ""; item: string } {
  return destination ? { type: destination.destinationType, item: String(destination.destinationTypeId) } : { type: "", item: "" };
}

/** GET /destinationtype: the kinds a connection, a menu row or an announcement can lead to. */
function listDestinationTypes(signal?: AbortSignal): Promise<DestinationType[]> {
  return http.get<DestinationType[]>("/destinationtype", { signal });
}

/** GET /destinationtype/{type}/items: the users, queues, menus… of one kind, as `{id, name}`. */
function listDestinationItems(type: DestinationKind, signal?: AbortSignal): Promise<DestinationItem[]> {
  return http.get<DestinationItem[]>(`/destinationtype/${type}/items`, { signal });
}

function itemsQueryOptions(type: DestinationKind) {
  return {
    queryKey: ["destinationItems", type] as const,
    queryFn: ({ signal }: { signal: AbortSignal }) => listDestinationItems(type, signal),
    // Menus, announcements… change on other screens: read again whenever a form opens.
    staleTime: 0,
    meta: { silent: true },
  };
}

export function useDestinationTypes() {
  return useQuery({
    queryKey: ["destinationTypes"],
    queryFn: ({ signal }) => listDestinationTypes(signal),
    staleTime: 60_000,
    meta: { silent: true },
  });
}

/** The items of `type` ("" = no type chosen yet: nothing is fetched). */
export function useDestinationItems(type: DestinationKind | "") {
  return useQuery({ ...itemsQueryOptions(type as DestinationKind), enabled: type !== "" });
}

/** The name of each destination of a list (e.g. announcements), once the lists of their kinds arrive. */
export function useDestinationNames(destinations: readonly Destination[]): (destination: Destination) => string | undefined {
  const kinds = [...new Set(destinations.map((destination) => destination.destinationType))].sort();
  const results = useQueries({ queries: kinds.map((kind) => itemsQueryOptions(kind)) });
  const names = new Map<string, string>();
  results.forEach((result, index) => {
    for (const item of result.data ?? []) names.set(`${kinds[index]}:${item.id}`, item.name);
  });
  return (destination) => names.get(`${destination.destinationType}:${destination.destinationTypeId}`);
}
