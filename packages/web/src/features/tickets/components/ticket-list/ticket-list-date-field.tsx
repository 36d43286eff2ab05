import ClearIcon from "@mui/icons-material/Clear";
import Box from "@mui/material/Box";
import IconButton from "@mui/material/IconButton";
import TextField from "@mui/material/TextField";
import type { KeyboardEvent } from "react";
import { useTranslation } from "../../../../lib/i18n";
import type { DateFilterProps } from "./ticket-list-date-filter";

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
