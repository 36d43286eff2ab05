import DownloadIcon from "@mui/icons-material/Download";
import CircularProgress from "@mui/material/CircularProgress";
import { currentLanguage, useTranslation } from "../../../lib/i18n";
import { useDownload } from "../../../lib/use-download";
import { exportContacts } from "../api/contact-tools.api";
import { ToolButton } from "./tool-button";

/** "Export" (admins): the contacts the current search shows, as a CSV that the import takes back unchanged. */
export function ExportContactsButton({ search, tagIds }: { search: string; tagIds?: readonly number[] }) {
  const { t } = useTranslation();
  const { busy, download } = useDownload(() => exportContacts(search.trim(), currentLanguage(), tagIds), "contacts.csv");
  return (
    <ToolButton
      label={t("contactExport.button")}
      icon={busy ? <CircularProgress size={18} color="inherit" aria-hidden /> : <DownloadIcon />}
      onClick={download}
      disabled={busy}
    />
  );
}
