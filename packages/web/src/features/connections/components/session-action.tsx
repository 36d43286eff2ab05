import type { Connection } from "@atendo/contracts";
import LinkOffIcon from "@mui/icons-material/LinkOff";
import QrCode2Icon from "@mui/icons-material/QrCode2";
import ReplayIcon from "@mui/icons-material/Replay";
import ScienceIcon from "@mui/icons-material/Science";
import Button from "@mui/material/Button";
import CircularProgress from "@mui/material/CircularProgress";
import { useTranslation } from "../../../lib/i18n";
import { Link as RouterLink } from "react-router";
import { paths } from "../../../lib/paths";
import { sessionActionOf } from "./session-action-of";

export interface SessionActionProps {
  connection: Connection;
  onShowQr: (connection: Connection) => void;
  onDisconnect: (connection: Connection) => void;
  onRetry: (connection: Connection) => void;
}

/**
 * The session button of spec §4 (see {@link sessionActionOf}); waiting is a disabled button with
 * a spinner.
 */
export function SessionAction({ connection, onShowQr, onDisconnect, onRetry }: SessionActionProps) {
  const { t } = useTranslation();
  const action = sessionActionOf(connection);
  if (action === "qr") {
    return (
      <Button size="small" variant="contained" startIcon={<QrCode2Icon />} onClick={() => onShowQr(connection)}>
        {t("connections.showQr")}
      </Button>
    );
  }
  if (action === "wait") {
    return (
      <Button size="small" variant="outlined" disabled startIcon={<CircularProgress size={14} color="inherit" />}>
        {t(connection.status === "OPENING" ? "connections.opening" : "connections.disconnecting")}
      </Button>
    );
  }
  if (action === "retry") {
    return (
      <Button size="small" variant="contained" startIcon={<ReplayIcon />} onClick={() => onRetry(connection)}>
        {t("connections.retry")}
      </Button>
    );
  }
  if (action === "simulator") {
    return (
      <Button size="small" variant="outlined" startIcon={<ScienceIcon />} component={RouterLink} to={paths.connectionSimulator.href(connection.id)}>
        {t("connections.simulator")}
      </Button>
    );
  }
  return (
    <Button size="small" variant="outlined" color="error" startIcon={<LinkOffIcon />} onClick={() => onDisconnect(connection)}>
      {t("connections.disconnect")}
    </Button>
  );
}
