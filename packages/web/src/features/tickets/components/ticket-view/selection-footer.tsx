import ShortcutIcon from "@mui/icons-material/Shortcut";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Typography from "@mui/material/Typography";
import { useTranslation } from "../../../../lib/i18n";

interface SelectionFooterProps {
  count: number;
  onCancel: () => void;
  onForward: () => void;
}

/** Replaces the composer while messages are being picked for forwarding. */
export function SelectionFooter({ count, onCancel, onForward }: SelectionFooterProps) {
  const { t } = useTranslation();
  return (
    <Box
      role="toolbar"
      aria-label={t("ticketView.selection.toolbar")}
      sx={{ display: "flex", alignItems: "center", gap: 1, px: 2, py: 1.5, borderTop: 1, borderColor: "divider", bgcolor: "background.paper" }}
    >
      <Typography variant="body2" aria-live="polite" sx={{ flex: 1, minWidth: 0 }}>
        {t("ticketView.selection.count", { count })}
      </Typography>
      <Button onClick={onCancel}>{t("common.cancel")}</Button>
      <Button variant="contained" startIcon={<ShortcutIcon />} disabled={count === 0} onClick={onForward}>
        {t("ticketView.selection.forward")}
      </Button>
    </Box>
  );
}
