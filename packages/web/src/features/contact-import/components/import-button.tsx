import type { ContactImport } from "@atendo/contracts";
import UploadFileOutlined from "@mui/icons-material/UploadFileOutlined";
import Button from "@mui/material/Button";
import CircularProgress from "@mui/material/CircularProgress";
import { useTheme } from "@mui/material/styles";
import Tooltip from "@mui/material/Tooltip";
import useMediaQuery from "@mui/material/useMediaQuery";
import { useTranslation } from "../../../lib/i18n";
import { progressPercent } from "../lib/import-state";

interface ImportButtonProps {
  /** A new import must wait: the button says so, and shows the running import's progress. */
  running: boolean;
  latest: ContactImport | null | undefined;
  onClick: () => void;
}

/**
 * "Import" beside the contacts' search box. While an import runs it shows its progress and says
 * why no other can start; it still opens the dialog, where the progress is followed. Narrow
 * screens show the icon only (named by its label), as the add button does.
 */
export function ImportButton({ running, latest, onClick }: ImportButtonProps) {
  const { t } = useTranslation();
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down("md"));
  const percent = latest?.status === "running" ? progressPercent(latest) : null;
  const label = percent === null ? t("contactImport.button") : t("contactImport.buttonRunning", { percent });
  const icon = running ? (
    <CircularProgress size={18} color="inherit" variant={percent === null ? "indeterminate" : "determinate"} value={percent ?? undefined} aria-hidden />
  ) : (
    <UploadFileOutlined />
  );
  const tooltip = running ? t("contactImport.unavailable") : narrow ? label : "";
  return (
    <Tooltip title={tooltip} describeChild={running}>
      <Button
        variant="outlined"
        onClick={onClick}
        aria-label={narrow ? label : undefined}
        startIcon={narrow ? undefined : icon}
        sx={{ flexShrink: 0, ...(narrow && { minWidth: 44, px: 1.25 }) }}
      >
        {narrow ? icon : label}
      </Button>
    </Tooltip>
  );
}
