import Box from "@mui/material/Box";
import CircularProgress from "@mui/material/CircularProgress";
import { useTranslation } from "react-i18next";

export function FullPageSpinner() {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: "grid", placeItems: "center", minHeight: "100dvh" }}>
      <CircularProgress aria-label={t("common.loading")} />
    </Box>
  );
}
