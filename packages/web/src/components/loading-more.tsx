import Box from "@mui/material/Box";
import CircularProgress from "@mui/material/CircularProgress";
import { useTranslation } from "../lib/i18n";

/** Under a scrolling list while its next page loads. */
export function LoadingMore() {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: "grid", placeItems: "center", py: 2 }}>
      <CircularProgress size={24} aria-label={t("common.loadingMore")} />
    </Box>
  );
}
