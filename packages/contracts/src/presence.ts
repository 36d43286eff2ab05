// No zod here: the web imports these values at start (a value import from a module with schemas
// would bring zod into the shell; docs/decisions/0043).

/**
 * Whether a user can take conversations now (issue 30): `online` and `away` are chosen by hand;
 * `offline` is also what a user becomes when no socket of theirs is connected for a while.
 */
export const presenceStatuses = ["online", "away", "offline"] as const;
export type PresenceStatus = (typeof presenceStatuses)[number];
