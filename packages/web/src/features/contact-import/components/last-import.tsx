import type { ContactImport } from "@atendo/contracts";
import Alert from "@mui/material/Alert";
import AlertTitle from "@mui/material/AlertTitle";
import Box from "@mui/material/Box";
import { useTranslation } from "../../../lib/i18n";
import { FailedRowsButton, rowsNotImported } from "./failed-rows-button";
import { StoppedReason } from "./stopped-reason";

/** Above the form: how the latest import ended, and its failed rows, for whoever closed it meanwhile. */
export function LastImport({ contactImport }: { contactImport: ContactImport }) {
  const { t } = useTranslation();
  const failed = contactImport.status === "failed";
  return (
    <Alert severity={failed ? "error" : "success"} variant="outlined">
      <AlertTitle sx={{ overflowWrap: "anywhere" }}>{t(failed ? "contactImport.lastStopped" : "contactImport.lastFinished", { file: contactImport.fileName })}</AlertTitle>
      {failed ? (
        <StoppedReason contactImport={contactImport} />
      ) : (
        t("contactImport.summary", { success: contactImport.successCount, failed: contactImport.failedCount, repeated: contactImport.repeatedCount })
      )}
      {rowsNotImported(contactImport) > 0 && (
        <Box sx={{ mt: 1, ml: -0.5 }}>
          <FailedRowsButton contactImport={contactImport} />
        </Box>
      )}
    </Alert>
  );
}
