import type { ContactImport } from "@atendo/contracts";
import Alert from "@mui/material/Alert";
import AlertTitle from "@mui/material/AlertTitle";
import Box from "@mui/material/Box";
import LinearProgress from "@mui/material/LinearProgress";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useTranslation } from "../../../lib/i18n";
import { progressPercent } from "../lib/import-state";
import { FailedRowsButton, rowsNotImported } from "./failed-rows-button";
import { ImportCounts } from "./import-counts";
import { StoppedReason } from "./stopped-reason";

const barColor = { running: "primary", finished: "success", failed: "error" } as const;

/**
 * An import as it runs (spec §3: progress and counts, moved by `ContactsImports` events) and its
 * summary at the end: the counts, and the failed rows to download.
 */
export function ImportProgress({ contactImport }: { contactImport: ContactImport }) {
  const { t, i18n } = useTranslation();
  const percent = progressPercent(contactImport);
  const percentText = new Intl.NumberFormat(i18n.language, { style: "percent" }).format(percent / 100);
  const { status, fileName: file } = contactImport;
  return (
    <Stack spacing={2}>
      <Typography aria-live="polite" sx={{ overflowWrap: "anywhere" }}>
        {t(`contactImport.status.${status}`, { file })}
      </Typography>
      <Box sx={{ display: "flex", alignItems: "center", gap: 2 }}>
        <LinearProgress
          variant="determinate"
          value={percent}
          color={barColor[status]}
          aria-label={t("contactImport.progressLabel")}
          aria-valuetext={percentText}
          sx={{ flex: 1, height: 8, borderRadius: 4 }}
        />
        <Typography variant="body2" sx={{ minWidth: 44, textAlign: "right", fontVariantNumeric: "tabular-nums" }}>
          {percentText}
        </Typography>
      </Box>
      <ImportCounts contactImport={contactImport} />
      {status === "running" && (
        <Typography variant="body2" color="text.secondary">
          {t("contactImport.backgroundHint")}
        </Typography>
      )}
      {status === "finished" && (
        <Alert severity="success">
          <AlertTitle>{t("contactImport.finishedTitle")}</AlertTitle>
          {t("contactImport.summary", { success: contactImport.successCount, failed: contactImport.failedCount, repeated: contactImport.repeatedCount })}
        </Alert>
      )}
      {status === "failed" && (
        <Alert severity="error">
          <AlertTitle>{t("contactImport.stoppedTitle")}</AlertTitle>
          <StoppedReason contactImport={contactImport} />
        </Alert>
      )}
      {status !== "running" && rowsNotImported(contactImport) > 0 && (
        <Box>
          <FailedRowsButton contactImport={contactImport} variant="outlined" />
        </Box>
      )}
    </Stack>
  );
}
