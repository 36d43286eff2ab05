import { useTranslation } from "../lib/i18n";
import { Spinner } from "./spinner";

/** "Loading", centred in the area it waits for; plain markup, as it shows before MUI loads (components/spinner.css). */
function AreaSpinner({ area }: { area: "full-page" | "page" }) {
  const { t } = useTranslation();
  return (
    <div className={`${area}-spinner`}>
      <Spinner label={t("common.loading")} />
    </div>
  );
}

/** Whole-screen wait (session check, a page's code downloading outside the shell). */
export function FullPageSpinner() {
  return <AreaSpinner area="full-page" />;
}

/** A page's code downloading inside the shell, where pages show QueryState's spinner while their data loads. */
export function PageSpinner() {
  return <AreaSpinner area="page" />;
}
