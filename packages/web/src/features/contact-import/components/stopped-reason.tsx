import type { ContactImport } from "@atendo/contracts";
import { useTranslation } from "../../../lib/i18n";

/**
 * Why a failed import stopped: its error code's translation, else the usual cause; then what to
 * do, unless the code's own text says it (ERR_IMPORT_INTERRUPTED: the server restarted).
 */
export function StoppedReason({ contactImport }: { contactImport: ContactImport }) {
  const { t, i18n } = useTranslation();
  const code = contactImport.error;
  const known = code !== null && i18n.exists(`errors.${code}`);
  const reason = known ? t(`errors.${code}`) : t("contactImport.stoppedReason");
  return code === "ERR_IMPORT_INTERRUPTED" ? reason : `${reason} ${t("contactImport.stoppedAdvice")}`;
}
