import { recordPages, type RecordPages } from "./paths";
import { useLiveCache, type EntityEventName, type EntityOf, type LiveCache } from "./use-live-cache";
import { wholeListResource, type WholeListApi, type WholeListResource } from "./whole-list-resource";

/**
 * The texts every entity screen reads under its namespace (`<texts>.add`, `<texts>.deleteTitle`…):
 * the add button, the empty list, each row's edit and delete buttons (naming the record), the
 * delete confirmation and its toast, the form's titles and its toast. A searchable list also
 * reads `<texts>.search`; an {@link AdminEntity}'s form page `<texts>.name`. The locales test
 * checks the namespaces named by `texts="…"` and `adminEntity("…"` have them.
 */
export const entityTextKeys = ["add", "empty", "edit", "delete", "deleteTitle", "deleteText", "deleted", "newTitle", "editTitle", "saved"] as const;

/**
 * An admin record kind the server sends whole (queues, menus, announcements, monitorings,
 * connections) as its list page and form page see it: see `AdminEntityPage` and `EntityFormPage`.
 */
export interface AdminEntity<T extends { id: number }, Body> {
  /** Its queries, cache and mutations. */
  resource: WholeListResource<T, Body>;
  /** The i18n namespace of its texts ({@link entityTextKeys}). */
  texts: string;
  /** The i18n key of the list page's heading. */
  title: string;
  /** The list, /new and /edit/:id. */
  pages: RecordPages;
  /** Applies the kind's server events (other admins' changes) to the cache while mounted. */
  useLive: () => void;
}

interface AdminEntityOptions<E extends EntityEventName, T> {
  /** The server event whose records keep the cache live. */
  live: E;
  /** The i18n key of the list page's heading. */
  title: string;
  /** What a saved record changes in the others (the default connection's flag moves). */
  adjustOthers?: (record: T, others: T[]) => T[];
}

/**
 * The admin record kind `kind`, one name for all it has: its query keys, its texts' namespace and
 * its routes (`recordPages[kind]`). The records come whole from `api`, by name; `options.live`
 * events keep them current. `resource` also holds the kind's query options for other features.
 */
export function adminEntity<const K extends keyof typeof recordPages, E extends EntityEventName, T extends EntityOf<E> & { id: number; name: string }, Create, Update>(
  kind: K,
  api: WholeListApi<T, Create, Update>,
  { live, title, adjustOthers }: AdminEntityOptions<E, T>,
) {
  const resource = wholeListResource(kind, api, (record) => record.name, adjustOthers);
  // The cache stores T, which is what the events carry (T is EntityOf<E>; TypeScript cannot see it in general).
  const cache = resource.cache as LiveCache<EntityOf<E>>;
  const entity: AdminEntity<T, Create & Update> = { resource, texts: kind, title, pages: recordPages[kind], useLive: () => useLiveCache(live, cache) };
  return { ...entity, resource };
}
