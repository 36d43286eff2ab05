import { useMatch, useParams } from "react-router";

/** The record id of an `/x/edit/:id` route; undefined on `/x/new`. */
export function useIdParam(): number | undefined {
  const { id } = useParams();
  return id ? Number(id) : undefined;
}

/** The positive id in a route's `:param` (`/tickets/:ticketId`) when `pattern` matches, else null (no id, or a bad one). */
export function useMatchedId(pattern: string, param: string): number | null {
  const match = useMatch(pattern);
  const parsed = Number(match?.params[param]);
  return Number.isInteger(parsed) && parsed > 0 ? parsed : null;
}
