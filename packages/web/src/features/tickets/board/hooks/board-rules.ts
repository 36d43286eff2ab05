import { activeTicketStatuses, can, type Tag, type Ticket, type TicketStatus } from "@atendo/contracts";
import { isOwnWork, type ListViewer } from "../../hooks/ticket-list-cache";

/**
 * The board's rules (docs/decisions/0075), pure so they are tested alone: which column a ticket
 * shows in, what a move does to its labels, how the chosen columns are remembered.
 */

/** A label's column (its id), or "none": the tickets carrying no label at all. */
export type BoardColumnId = number | "none";

/** What one column's cached pages show. */
export interface BoardColumnFilter {
  column: BoardColumnId;
  /** Admins' and supervisors' show-all, shared with the ticket list (ignored by the server for others). */
  showAll: boolean;
}

/** Whether `ticket`, as it is now, belongs in the column: active, the user's to see on a list, and its labels. */
export function belongsToColumn(ticket: Ticket, filter: BoardColumnFilter, viewer: ListViewer): boolean {
  if (!(activeTicketStatuses as readonly TicketStatus[]).includes(ticket.status)) return false;
  if (!(filter.showAll && can(viewer.profile, "tickets-manager:showall")) && !isOwnWork(ticket, viewer)) return false;
  return filter.column === "none" ? ticket.tags.length === 0 : ticket.tags.some((tag) => tag.id === filter.column);
}

/**
 * The labels a ticket gets when its card goes from column `from` to `to`: `from`'s label is
 * replaced by `to`'s, the others stay; onto "No label" it loses them all (the card lands where
 * it was dropped).
 */
export function movedTagIds(tags: readonly Pick<Tag, "id">[], from: BoardColumnId, to: BoardColumnId): number[] {
  if (to === "none") return [];
  const kept = tags.map((tag) => tag.id).filter((id) => id !== from && id !== to);
  return [...kept, to];
}

/** The remembered columns (JSON `{ [userId]: tagIds }`): this user's, or none. */
export function readBoardColumns(stored: string | null, userId: number): number[] {
  try {
    const all: unknown = JSON.parse(stored ?? "{}");
    const mine = (all as Record<string, unknown>)[String(userId)];
    return Array.isArray(mine) ? mine.filter((id): id is number => Number.isInteger(id) && id > 0) : [];
  } catch {
    return [];
  }
}

/** The stored value with this user's columns set, other users' kept. */
export function writeBoardColumns(stored: string | null, userId: number, tagIds: readonly number[]): string {
  let all: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(stored ?? "{}");
    if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) all = parsed as Record<string, unknown>;
  } catch {
    // A broken value is replaced.
  }
  return JSON.stringify({ ...all, [String(userId)]: tagIds });
}
