import ClearIcon from "@mui/icons-material/Clear";
import Box from "@mui/material/Box";
import Chip from "@mui/material/Chip";
import IconButton from "@mui/material/IconButton";
import TextField from "@mui/material/TextField";
import type { KeyboardEvent } from "react";
import { useTranslation } from "react-i18next";

interface DateFilterProps {
  /** `yyyy-mm-dd` on the install's clock, null for any day. */
  date: string | null;
  onChange(date: string | null): void;
}

/** A calendar day in the user's language ("Mar 10, 2026"); the day is not moved by any zone. */
function dayLabel(date: string, language: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: "medium", timeZone: "UTC" }).format(new Date(`${date}T00:00:00Z`));
}

/**
 * The filter menu's day field (spec §7 GET /tickets `date`): the browser's date input, typed or
 * picked, with a button to clear it. Keys stay in the field: the menu would take typed digits
 * as a jump to an item; Escape and Tab still leave it.
 */
export function TicketListDateField({ date, onChange }: DateFilterProps) {
  const { t } = useTranslation();
  const keepKeys = (event: KeyboardEvent) => {
    if (event.key !== "Escape" && event.key !== "Tab") event.stopPropagation();
  };
  return (
    <Box sx={{ display: "flex", alignItems: "center", gap: 0.5, px: 2, py: 1 }} onKeyDown={keepKeys}>
      <TextField
        type="date"
        size="small"
        label={t("ticketList.date.label")}
        value={date ?? ""}
        onChange={(event) => onChange(event.target.value || null)}
        slotProps={{ inputLabel: { shrink: true } }}
        sx={{ flex: 1 }}
      />
      <IconButton size="small" aria-label={t("ticketList.date.clear")} disabled={date === null} onClick={() => onChange(null)}>
        <ClearIcon fontSize="small" />
      </IconButton>
    </Box>
  );
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
