import { useTranslation } from "../../../lib/i18n";

const benefitKeys = ["marketing.benefitShared", "marketing.benefitQueues", "marketing.benefitSelfHosted"] as const;

/** Material's "check circle outline" icon. */
const checkIconPath =
  "M16.59 7.58 10 14.17l-3.59-3.58L5 12l5 5 8-8zM12 2C6.48 2 2 6.48 2 12s4.48 10 10 10 10-4.48 10-10S17.52 2 12 2m0 18c-4.42 0-8-3.58-8-8s3.58-8 8-8 8 3.58 8 8-3.58 8-8 8";

/** The product pitch beside the login form, on screens of at least 1024 px (spec §2); styles in auth.css. */
export function MarketingPanel() {
  const { t } = useTranslation();
  return (
    <aside className="marketing" aria-label={t("marketing.label")}>
      <div className="marketing-content">
        <span className="marketing-eyebrow">{t("marketing.eyebrow")}</span>
        <p className="marketing-headline">{t("marketing.headline")}</p>
        <p className="marketing-subheadline">{t("marketing.subheadline")}</p>
        <ul className="marketing-benefits">
          {benefitKeys.map((key) => (
            <li key={key}>
              <svg viewBox="0 0 24 24" aria-hidden focusable="false">
                <path d={checkIconPath} />
              </svg>
              <span>{t(key)}</span>
            </li>
          ))}
        </ul>
      </div>
    </aside>
  );
}
