import Alert from "@mui/material/Alert";
import AlertTitle from "@mui/material/AlertTitle";
import { useTranslation } from "../../../lib/i18n";
import type { ApiError } from "../../../lib/http";
import { errorMessage } from "../../../lib/error-message";

/** What to do about each refusal of the file; the running import needs no hint (it shows next). */
const hints: Partial<Record<string, string>> = {
  ERR_INVALID_CSV_TEMPLATE: "contactImport.invalidHint",
  ERR_EMPTY_CSV: "contactImport.invalidHint",
  ERR_INVALID_ATENDO_CSV: "contactImport.invalidHint",
  ERR_INVALID_GOOGLE_CSV: "contactImport.invalidHint",
  FILE_NOT_SUPPORTED: "contactImport.fileRule",
  ERR_PAYLOAD_TOO_LARGE: "contactImport.fileRule",
};

/**
 * Why the server refused the file, translated, with what to do about it (spec §8: an invalid CSV
 * shows a hint). The dialog stays open so the user can pick the right template or another file.
 */
export function RefusalAlert({ error }: { error: ApiError }) {
  const { t } = useTranslation();
  const hint = error.code ? hints[error.code] : undefined;
  return (
    <Alert severity="error">
      <AlertTitle>{errorMessage(error)}</AlertTitle>
      {hint && t(hint)}
    </Alert>
  );
}
