import type { User } from "@atendo/contracts";
import type { users } from "../../db/schema/index.js";

export type UserRow = typeof users.$inferSelect;

/** The API shape of a user: never the hash or the token version. */
export function presentUser(row: UserRow): User {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    profile: row.profile,
    extension: row.extension,
    whatsappId: row.whatsappId,
    whatsapp: null,
    queues: [],
    canSeeAllTicketHistory: row.canSeeAllTicketHistory,
    isDeleted: row.isDeleted,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
