import type { Contact } from "@atendo/contracts";
import Avatar from "@mui/material/Avatar";

/** Up to two initials of a name ("Maria da Silva" → "MS", "Cliente 01" → "C"). */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter((word) => /^\p{L}/u.test(word));
  const first = words[0]?.[0] ?? "";
  const last = words.length > 1 ? (words[words.length - 1]?.[0] ?? "") : "";
  return (first + last).toUpperCase();
}

/** The contact's picture, or its initials (white on the primary colour: 5.5:1) when there is none. Decorative: the name is beside it. */
export function ContactAvatar({ contact }: { contact: Pick<Contact, "name" | "profilePicUrl"> }) {
  return (
    <Avatar
      src={contact.profilePicUrl ?? undefined}
      alt=""
      aria-hidden
      sx={{ width: 36, height: 36, fontSize: "0.875rem", bgcolor: "primary.main" }}
    >
      {initials(contact.name) || undefined}
    </Avatar>
  );
}
