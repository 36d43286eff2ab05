import ScienceIcon from "@mui/icons-material/Science";
import Button from "@mui/material/Button";
import { useTheme } from "@mui/material/styles";
import Tooltip from "@mui/material/Tooltip";
import useMediaQuery from "@mui/material/useMediaQuery";
import { useTranslation } from "../../../lib/i18n";
import { Link as RouterLink } from "react-router";
import { paths } from "../../../lib/paths";

/**
 * The customer simulator, from the connections page (it left the drawer: docs/decisions/0044).
 * On a phone only its icon, named by its label, so "Add connection" keeps its room.
 */
export function SimulatorLinkButton() {
  const { t } = useTranslation();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down("sm"));
  const label = t("pages.simulator");
  if (!phone) {
    return (
      <Button variant="outlined" startIcon={<ScienceIcon />} component={RouterLink} to={paths.simulator} sx={{ flexShrink: 0 }}>
        {label}
      </Button>
    );
  }
  return (
    <Tooltip title={label}>
      <Button variant="outlined" aria-label={label} component={RouterLink} to={paths.simulator} sx={{ minWidth: 44, px: 1.25, flexShrink: 0 }}>
        <ScienceIcon />
      </Button>
    </Tooltip>
  );
}
