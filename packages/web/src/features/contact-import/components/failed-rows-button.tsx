import type { ContactImport } from "@atendo/contracts";
import { currentLanguage, useTranslation } from "../../../lib/i18n";
import { fetchFailures } from "../api/contact-import.api";
import { DownloadButton } from "./download-button";

/** How many rows the failed-rows file lists: the failed ones and the repeated ones. */
export function rowsNotImported(contactImport: ContactImport): number {
  return contactImport.failedCount + contactImport.repeatedCount;
}

/**
 * The rows an import did not take, as the file had them, each with its line and why (bad number,
 * missing name, repeated), the reasons in the user's language.
 */
export function FailedRowsButton({ contactImport, variant }: { contactImport: ContactImport; variant?: "text" | "outlined" }) {
  const { t } = useTranslation();
  const base = contactImport.fileName.replace(/\.csv$/i, "") || "contacts";
  return (
    <DownloadButton
      label={t("contactImport.downloadFailures", { count: rowsNotImported(contactImport) })}
      fetchFile={() => fetchFailures(contactImport.id, currentLanguage())}
      fileName={`${base}-not-imported.csv`}
      variant={variant}
      color="inherit"
    />
  );
}
