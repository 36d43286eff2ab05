import type { Connection } from "@atendo/contracts";
import LinkOffIcon from "@mui/icons-material/LinkOff";
import QrCode2Icon from "@mui/icons-material/QrCode2";
import ReplayIcon from "@mui/icons-material/Replay";
import ScienceIcon from "@mui/icons-material/Science";
import Button, { type ButtonProps } from "@mui/material/Button";
import CircularProgress from "@mui/material/CircularProgress";
import { useTranslation } from "../../../lib/i18n";
import { Link as RouterLink } from "react-router";
import { paths } from "../../../lib/paths";
import { sessionActionOf, type SessionActionKind } from "./session-action-of";

export interface SessionActionProps {
  connection: Connection;
  onShowQr: (connection: Connection) => void;
  onDisconnect: (connection: Connection) => void;
  onRetry: (connection: Connection) => void;
}

interface SessionButton extends Pick<ButtonProps, "variant" | "color" | "startIcon" | "disabled"> {
  onClick?: () => void;
  /** The translation key of its text. */
  label: string;
  /** Where it leads, as a link of the app. */
  to?: string;
}

/** The session button of each action: its look, its text and what it does. */
function buttonOf(kind: SessionActionKind, connection: Connection, handlers: Omit<SessionActionProps, "connection">): SessionButton {
  const { onShowQr, onDisconnect, onRetry } = handlers;
  switch (kind) {
    case "qr":
      return { variant: "contained", startIcon: <QrCode2Icon />, onClick: () => onShowQr(connection), label: "connections.showQr" };
    case "wait":
      return {
        variant: "outlined",
        disabled: true,
        startIcon: <CircularProgress size={14} color="inherit" />,
        label: connection.status === "OPENING" ? "connections.opening" : "connections.disconnecting",
      };
    case "retry":
      return { variant: "contained", startIcon: <ReplayIcon />, onClick: () => onRetry(connection), label: "connections.retry" };
    case "simulator":
      return { variant: "outlined", startIcon: <ScienceIcon />, to: paths.connectionSimulator.href(connection.id), label: "connections.simulator" };
    case "disconnect":
      return { variant: "outlined", color: "error", startIcon: <LinkOffIcon />, onClick: () => onDisconnect(connection), label: "connections.disconnect" };
  }
}

/**
 * The session button of spec §4 (see {@link sessionActionOf}); waiting is a disabled button with
 * a spinner.
 */
export function SessionAction({ connection, ...handlers }: SessionActionProps) {
  const { t } = useTranslation();
  const { label, to, ...button } = buttonOf(sessionActionOf(connection), connection, handlers);
  return to === undefined ? (
    <Button size="small" {...button}>
      {t(label)}
    </Button>
  ) : (
    <Button size="small" {...button} component={RouterLink} to={to}>
      {t(label)}
    </Button>
  );
}
