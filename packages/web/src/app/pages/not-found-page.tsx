import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Typography from "@mui/material/Typography";
import { useTranslation } from "../../lib/i18n";
import { Link as RouterLink } from "react-router";
import { paths } from "../../lib/paths";

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Box component="main" sx={{ display: "grid", placeItems: "center", minHeight: "100dvh", p: 3, textAlign: "center" }}>
      <div>
        <Typography variant="h1" component="h1" gutterBottom>
          {t("notFound.title")}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {t("notFound.text")}
        </Typography>
        <Button component={RouterLink} to={paths.home} variant="contained">
          {t("notFound.home")}
        </Button>
      </div>
    </Box>
  );
}
