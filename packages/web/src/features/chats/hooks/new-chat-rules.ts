import { groupName } from "@atendo/contracts";

/** Spec §5: picking two or more others makes a group, which needs a name. */
export function needsGroupName(otherParticipants: number): boolean {
  return otherParticipants >= 2;
}

/** Spec §5: create is possible with one participant, or with a valid name (3–25) for a group. */
export function canCreateChat(otherParticipants: number, name: string): boolean {
  if (otherParticipants === 0) return false;
  return !needsGroupName(otherParticipants) || groupName.safeParse(name).success;
}
