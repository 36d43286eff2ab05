import type { Connection, ConnectionStatus } from "@atendo/contracts";
import Box from "@mui/material/Box";
import Chip, { type ChipProps } from "@mui/material/Chip";
import Typography from "@mui/material/Typography";
import { useTranslation } from "../../../lib/i18n";

const colors: Record<ConnectionStatus, ChipProps["color"]> = {
  CONNECTED: "success",
  qrcode: "warning",
  PAIRING: "info",
  TIMEOUT: "error",
  OPENING: "default",
  DISCONNECTING: "default",
};

/** The session status, translated (spec §3). */
export function StatusChip({ status }: { status: ConnectionStatus }) {
  const { t } = useTranslation();
  return <Chip size="small" variant="outlined" color={colors[status]} label={t(`connections.status.${status}`)} />;
}

/** The status and, when the channel could not be reached, why (the network error) under it. */
export function SessionStatus({ connection }: { connection: Pick<Connection, "status" | "statusDetail"> }) {
  const { t } = useTranslation();
  const reason = connection.statusDetail ? t("connections.unreachable", { detail: connection.statusDetail }) : "";
  return (
    <Box sx={{ minWidth: 0 }}>
      <StatusChip status={connection.status} />
      {reason && (
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5, overflowWrap: "anywhere" }}>
          {reason}
        </Typography>
      )}
    </Box>
  );
}
