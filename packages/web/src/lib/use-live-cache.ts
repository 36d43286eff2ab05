import type { ServerEventName, ServerEventPayload } from "@atendo/contracts";
import { useQueryClient, type QueryClient } from "@tanstack/react-query";
import { useServerEvent } from "./socket";

type Removal<E extends ServerEventName> = Extract<ServerEventPayload<E>, { action: "delete" }>;

/** Events about one record (`entityEvent`): `{action, <name>: record}` or `{action: "delete", <name>Id}`. */
export type EntityEventName = {
  [E in ServerEventName]: Removal<E> extends Record<`${E}Id`, number> ? E : never;
}[ServerEventName];

/** The record an entity event carries under its own name. */
export type EntityOf<E extends EntityEventName> = Exclude<ServerEventPayload<E>, { action: "delete" }> extends infer P
  ? P extends Record<E, infer T>
    ? T
    : never
  : never;

export interface LiveCache<T> {
  /** A created or changed record: into the cached lists (and its own query). */
  store: (queryClient: QueryClient, record: T) => void;
  /** A removed record: out of the cache. */
  forget: (queryClient: QueryClient, id: number) => void;
  /** After either, e.g. to fetch again lists whose answer was on its way (`refetchListsInFlight`). */
  after?: (queryClient: QueryClient) => void;
}

/**
 * Applies the `name` events (teammates' changes, the channels) to the query cache while mounted:
 * the record is stored on create/update and forgotten on delete.
 */
export function useLiveCache<E extends EntityEventName>(name: E, { store, forget, after }: LiveCache<EntityOf<E>>): void {
  const queryClient = useQueryClient();
  useServerEvent(name, (event) => {
    const payload = event as Record<string, unknown> & { action: string };
    if (payload.action === "delete") forget(queryClient, payload[`${name}Id`] as number);
    else store(queryClient, payload[name] as EntityOf<E>);
    after?.(queryClient);
  });
}
