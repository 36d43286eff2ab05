import { useTranslation } from "../../../lib/i18n";
import { formatDuration } from "../lib/durations";

/** Durations in the user's language ("1 h 5 min"). */
export function useFormatDuration(): (seconds: number) => string {
  const { t } = useTranslation();
  return (seconds) => formatDuration(seconds, (unit, value) => t(`monitor.units.${unit}`, { value }));
}
