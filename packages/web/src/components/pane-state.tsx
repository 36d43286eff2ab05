import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import CircularProgress from "@mui/material/CircularProgress";
import Typography from "@mui/material/Typography";
import { useTranslation } from "../lib/i18n";

interface PaneStateProps {
  isPending: boolean;
  isError: boolean;
  /** What failed to load, in the user's words. */
  errorText: string;
  onRetry: () => void;
}

/**
 * A pane's query (an open chat, a conversation's messages): a spinner in the middle while it
 * loads, or what failed with a retry button; null when the data is there.
 */
export function PaneState({ isPending, isError, errorText, onRetry }: PaneStateProps) {
  const { t } = useTranslation();
  if (isPending) {
    return (
      <Box sx={{ flex: 1, display: "grid", placeItems: "center" }}>
        <CircularProgress aria-label={t("common.loading")} />
      </Box>
    );
  }
  if (!isError) return null;
  return (
    <Box sx={{ flex: 1, display: "grid", placeItems: "center", textAlign: "center", p: 2 }}>
      <Box>
        <Typography color="text.secondary">{errorText}</Typography>
        <Button onClick={onRetry}>{t("common.retry")}</Button>
      </Box>
    </Box>
  );
}
