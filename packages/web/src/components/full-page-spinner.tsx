import { useTranslation } from "../lib/i18n";
import { Spinner } from "./spinner";

/** Whole-screen wait (session check, a page's code downloading); plain markup, as it shows before MUI loads. */
export function FullPageSpinner() {
  const { t } = useTranslation();
  return (
    <div className="full-page-spinner">
      <Spinner label={t("common.loading")} />
    </div>
  );
}
