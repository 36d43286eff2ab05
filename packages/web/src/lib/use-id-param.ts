import { useParams } from "react-router";

/** The record id of an `/x/edit/:id` route; undefined on `/x/new`. */
export function useIdParam(): number | undefined {
  const { id } = useParams();
  return id ? Number(id) : undefined;
}
