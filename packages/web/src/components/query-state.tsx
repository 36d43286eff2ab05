import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import CircularProgress from "@mui/material/CircularProgress";
import { useTranslation } from "../lib/i18n";
import { errorMessage } from "../lib/error-message";

interface QueryStateProps {
  isPending: boolean;
  error: unknown;
  onRetry: () => void;
}

/** Loading spinner or error with retry for a page's main query; null when the data is there. */
export function QueryState({ isPending, error, onRetry }: QueryStateProps) {
  const { t } = useTranslation();
  if (error) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={onRetry}>
            {t("common.retry")}
          </Button>
        }
      >
        {errorMessage(error)}
      </Alert>
    );
  }
  if (isPending) {
    return (
      <Box sx={{ display: "grid", placeItems: "center", py: 6 }}>
        <CircularProgress aria-label={t("common.loading")} />
      </Box>
    );
  }
  return null;
}
