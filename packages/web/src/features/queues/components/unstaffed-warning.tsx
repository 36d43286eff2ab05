import WarningAmberIcon from "@mui/icons-material/WarningAmber";
import Alert from "@mui/material/Alert";
import Chip from "@mui/material/Chip";
import { useTranslation } from "../../../lib/i18n";

/**
 * A queue nobody belongs to (docs/decisions/0069): its waiting customers reach only the admins'
 * lists. The list marks its row, the form says it under the members.
 */
export function UnstaffedChip() {
  const { t } = useTranslation();
  const hint = t("queues.unstaffedHint");
  return (
    <Chip
      size="small"
      color="warning"
      variant="outlined"
      icon={<WarningAmberIcon />}
      label={t("queues.unstaffed")}
      title={hint}
      aria-label={`${t("queues.unstaffed")}: ${hint}`}
      sx={{ mt: 0.5, height: 22, "& .MuiChip-icon": { fontSize: 16 } }}
    />
  );
}

export function UnstaffedAlert() {
  const { t } = useTranslation();
  return (
    <Alert severity="warning" role="none" sx={{ mt: 1 }}>
      {t("queues.unstaffedHint")}
    </Alert>
  );
}
