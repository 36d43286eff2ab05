import Box from "@mui/material/Box";
import Chip from "@mui/material/Chip";
import { useTranslation } from "../../../../lib/i18n";

export interface DateFilterProps {
  /** `yyyy-mm-dd` on the install's clock, null for any day. */
  date: string | null;
  onChange(date: string | null): void;
}

/** A calendar day in the user's language ("Mar 10, 2026"); the day is not moved by any zone. */
function dayLabel(date: string, language: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: "medium", timeZone: "UTC" }).format(new Date(`${date}T00:00:00Z`));
}

/** Says under the search that the list shows one day only, and clears it in one click (or Delete). */
export function TicketListDateChip({ date, onChange }: DateFilterProps) {
  const { t, i18n } = useTranslation();
  if (date === null) return null;
  return (
    <Box sx={{ px: 1.5, pb: 1 }}>
      <Chip
        size="small"
        color="primary"
        variant="outlined"
        label={t("ticketList.date.chip", { date: dayLabel(date, i18n.language) })}
        onDelete={() => onChange(null)}
      />
    </Box>
  );
}
