import DownloadIcon from "@mui/icons-material/Download";
import Button from "@mui/material/Button";
import CircularProgress from "@mui/material/CircularProgress";
import type { ReportQuery } from "@atendo/contracts";
import { currentLanguage, useTranslation } from "../../../lib/i18n";
import { useDownload } from "../../../lib/use-download";
import { downloadReport } from "../api/reports.api";

interface ReportDownloadProps {
  query: ReportQuery;
  /** Off when the period is longer than a CSV may cover (spec §5) or nothing matches. */
  disabled: boolean;
  /** The element saying why it is off. */
  describedBy?: string;
}

/** The CSV of the whole report, in the user's language, saved under the name the server gives. */
export function ReportDownload({ query, disabled, describedBy }: ReportDownloadProps) {
  const { t } = useTranslation();
  const { busy, download } = useDownload(() => downloadReport(query, currentLanguage()), "report.csv");
  return (
    <Button
      variant="outlined"
      onClick={download}
      disabled={busy || disabled}
      aria-describedby={describedBy}
      startIcon={busy ? <CircularProgress size={18} aria-hidden /> : <DownloadIcon />}
    >
      {t("reports.download.button")}
    </Button>
  );
}
