// A module without zod: the web's ticket list uses these constants without loading any schema
// (docs/decisions/0043). tickets.ts re-exports them.

/** Ticket statuses (spec §3); also the tabs a client may subscribe to with `joinTickets`. */
export const ticketStatuses = ["pending", "open", "closed"] as const;
export type TicketStatus = (typeof ticketStatuses)[number];

/** Statuses of an active ticket: at most one per contact and connection (a partial unique index). */
export const activeTicketStatuses = ["pending", "open"] as const satisfies readonly TicketStatus[];
export type ActiveTicketStatus = (typeof activeTicketStatuses)[number];
