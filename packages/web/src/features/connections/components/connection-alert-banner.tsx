import SignalWifiOffIcon from "@mui/icons-material/SignalWifiOff";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import { Link as RouterLink, useLocation } from "react-router";
import { formatTime } from "../../../lib/date-format";
import { useTranslation } from "../../../lib/i18n";
import { paths } from "../../../lib/paths";
import { useConnectionIncidents, useConnectionIncidentsLive } from "../hooks/use-connection-incidents";

/**
 * Admins: a connection down past the alert threshold (issue 31), over every page until it is back;
 * it goes by itself on recovery. A live region, so screen readers announce it when it appears.
 */
export function ConnectionAlertBanner() {
  const { t } = useTranslation();
  const incidents = useConnectionIncidents();
  const onConnections = useLocation().pathname === paths.connections;
  useConnectionIncidentsLive();
  const first = incidents[0];
  return (
    <Box role="status" aria-live="polite" sx={{ flexShrink: 0 }}>
      {first && (
        <Alert
          severity="error"
          role="none"
          icon={<SignalWifiOffIcon fontSize="small" />}
          sx={{ borderRadius: 0, py: 0, alignItems: "center" }}
          action={
            !onConnections && (
              <Button component={RouterLink} to={paths.connections} color="inherit" size="small">
                {t("numberSafety.open")}
              </Button>
            )
          }
        >
          {incidents.length === 1
            ? t("numberSafety.down", { name: first.name, time: formatTime(first.leftAt) })
            : t("numberSafety.downMany", { count: incidents.length, names: incidents.map((incident) => incident.name).join(", ") })}
        </Alert>
      )}
    </Box>
  );
}
