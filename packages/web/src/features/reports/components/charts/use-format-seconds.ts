import { useTranslation } from "../../../../lib/i18n";
import { formatSeconds } from "../../lib/chart-math";

/** Durations in the user's language ("1 h 5 min"). */
export function useFormatSeconds(): (seconds: number) => string {
  const { t } = useTranslation();
  return (seconds) => formatSeconds(seconds, (unit, value) => t(`reports.units.${unit}`, { value }));
}
