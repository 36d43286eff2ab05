import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Typography from "@mui/material/Typography";
import { useTranslation } from "../../../lib/i18n";

interface ReportPagerProps {
  page: number;
  pages: number;
  onPage: (page: number) => void;
}

/** Previous and next page of the report, and where we are (plain buttons: no paging widget in the bundle). */
export function ReportPager({ page, pages, onPage }: ReportPagerProps) {
  const { t } = useTranslation();
  return (
    <Box component="nav" aria-label={t("reports.pager.label")} sx={{ display: "flex", alignItems: "center", justifyContent: "center", gap: 1, mt: 2 }}>
      <Button variant="outlined" size="small" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t("reports.pager.previous")}
      </Button>
      <Typography variant="body2" sx={{ px: 1, whiteSpace: "nowrap", fontVariantNumeric: "tabular-nums" }}>
        {t("reports.pager.position", { page, pages })}
      </Typography>
      <Button variant="outlined" size="small" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t("reports.pager.next")}
      </Button>
    </Box>
  );
}
