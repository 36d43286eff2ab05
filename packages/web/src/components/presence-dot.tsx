import type { PresenceStatus } from "@atendo/contracts";
import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import { useTranslation } from "../lib/i18n";
import { usePresence } from "../lib/presence";

/** Green filled, amber filled, grey ring: told apart by shape as well as colour. */
const looks: Record<PresenceStatus, { bgcolor: string; borderColor: string }> = {
  online: { bgcolor: "success.main", borderColor: "success.main" },
  away: { bgcolor: "warning.main", borderColor: "warning.main" },
  offline: { bgcolor: "transparent", borderColor: "grey.500" },
};

interface PresenceDotProps {
  status: PresenceStatus;
  /** Decorative when a text beside it already says the status (a menu item). */
  decorative?: boolean;
  size?: number;
}

/** A user's presence as a small dot, named for screen readers ("Online"). */
export function PresenceDot({ status, decorative, size = 10 }: PresenceDotProps) {
  const { t } = useTranslation();
  const label = t(`presence.status.${status}`);
  return (
    <Box
      component="span"
      role={decorative ? undefined : "img"}
      aria-label={decorative ? undefined : label}
      aria-hidden={decorative ? true : undefined}
      title={decorative ? undefined : label}
      data-presence={status}
      sx={{ display: "inline-block", flexShrink: 0, width: size, height: size, borderRadius: "50%", border: 2, boxSizing: "border-box", ...looks[status] }}
    />
  );
}

/** A user's dot, kept live by `presence` events; nothing while the status is unknown. */
export function UserPresenceDot({ userId, presence, size }: { userId: number; presence?: PresenceStatus; size?: number }) {
  const status = usePresence(userId, presence);
  return status ? <PresenceDot status={status} size={size} /> : null;
}

/** A user's status as a dot and its word ("● Online"), kept live; nothing while unknown. */
export function UserPresenceLine({ userId, presence }: { userId: number; presence?: PresenceStatus }) {
  const { t } = useTranslation();
  const status = usePresence(userId, presence);
  if (!status) return null;
  return (
    <Box sx={{ display: "flex", alignItems: "center", gap: 1 }}>
      <PresenceDot status={status} decorative />
      <Typography variant="body2">{t(`presence.status.${status}`)}</Typography>
    </Box>
  );
}
