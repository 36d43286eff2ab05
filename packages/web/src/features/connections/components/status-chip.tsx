import type { ConnectionStatus } from "@atendo/contracts";
import Chip, { type ChipProps } from "@mui/material/Chip";
import { useTranslation } from "react-i18next";

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
