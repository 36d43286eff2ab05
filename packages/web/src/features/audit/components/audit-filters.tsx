import { auditActions, limits } from "@atendo/contracts";
import Box from "@mui/material/Box";
import MenuItem from "@mui/material/MenuItem";
import Paper from "@mui/material/Paper";
import TextField from "@mui/material/TextField";
import { useTranslation } from "../../../lib/i18n";
import { AuditUserField } from "./audit-user-field";

export interface AuditFilters {
  userId: number | null;
  action: string;
  /** Days (yyyy-mm-dd), both included; "" for none. */
  from: string;
  to: string;
}

interface AuditFiltersBarProps {
  filters: AuditFilters;
  onChange: (change: Partial<AuditFilters>) => void;
}

const dayBounds = { min: `${limits.dateYears.first}-01-01`, max: `${limits.dateYears.last}-12-31` } as const;
const grid = { display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", sm: "1fr 1fr", lg: "repeat(4, minmax(0, 1fr))" } } as const;

/** Who, which action, and from which day to which. */
export function AuditFiltersBar({ filters, onChange }: AuditFiltersBarProps) {
  const { t } = useTranslation();
  const endBeforeStart = filters.from !== "" && filters.to !== "" && filters.to < filters.from;
  return (
    <Paper variant="outlined" component="section" aria-label={t("auditLog.filters.title")} sx={{ p: 2, mb: 3 }}>
      <Box sx={grid}>
        <AuditUserField userId={filters.userId} onChange={(userId) => onChange({ userId })} />
        <TextField select label={t("auditLog.filters.action")} value={filters.action} onChange={(event) => onChange({ action: event.target.value })}>
          <MenuItem value="">{t("auditLog.filters.anyAction")}</MenuItem>
          {auditActions.map((action) => (
            <MenuItem key={action} value={action} sx={{ fontFamily: "monospace" }}>
              {action}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          type="date"
          label={t("auditLog.filters.from")}
          value={filters.from}
          onChange={(event) => onChange({ from: event.target.value })}
          helperText=" "
          slotProps={{ inputLabel: { shrink: true }, htmlInput: dayBounds }}
        />
        <TextField
          type="date"
          label={t("auditLog.filters.to")}
          value={filters.to}
          onChange={(event) => onChange({ to: event.target.value })}
          error={endBeforeStart}
          helperText={endBeforeStart ? t("auditLog.filters.endBeforeStart") : " "}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { ...dayBounds, min: filters.from || dayBounds.min } }}
        />
      </Box>
    </Paper>
  );
}
