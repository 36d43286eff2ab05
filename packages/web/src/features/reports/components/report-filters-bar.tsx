import { dateTimeInputBounds } from "@atendo/contracts";
import Box from "@mui/material/Box";
import MenuItem from "@mui/material/MenuItem";
import Paper from "@mui/material/Paper";
import TextField from "@mui/material/TextField";
import { useTranslation } from "../../../lib/i18n";
import { useQueues } from "../../queues";
import { customFrom, reportPeriods, reportStatuses, type RangeProblem, type ReportFilters, type ReportRange } from "../lib/report-filters";
import { ReportUserField } from "./report-user-field";

interface ReportFiltersBarProps {
  filters: ReportFilters;
  range: ReportRange | null;
  problem: RangeProblem | null;
  zone: string;
  onChange: (change: Partial<ReportFilters>) => void;
}

/** A date field is wider than a select: the browser's date and time control needs the room. */
const wide = { gridColumn: { xs: "1 / -1", lg: "span 2" } } as const;

const grid = { display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", sm: "1fr 1fr", lg: "repeat(4, minmax(0, 1fr))" } } as const;

/** User, queue, status and duration (spec §2); a custom duration adds its start (required) and end. */
export function ReportFiltersBar({ filters, range, problem, zone, onChange }: ReportFiltersBarProps) {
  const { t } = useTranslation();
  const queues = useQueues();
  const custom = filters.period === "custom";
  return (
    <Paper variant="outlined" component="section" aria-label={t("reports.filters.title")} sx={{ p: 2, mb: 3 }}>
      <Box sx={grid}>
        <ReportUserField userId={filters.userId} onChange={(userId) => onChange({ userId })} />
        <TextField
          select
          label={t("reports.filters.queue")}
          value={filters.queueId ?? ""}
          onChange={(event) => onChange({ queueId: event.target.value ? Number(event.target.value) : null })}
          slotProps={{ select: { renderValue: (id) => queues.data?.find((queue) => queue.id === id)?.name ?? "" } }}
        >
          <MenuItem value="">{t("reports.filters.anyQueue")}</MenuItem>
          {(queues.data ?? []).map((queue) => (
            <MenuItem key={queue.id} value={queue.id} sx={{ gap: 1 }}>
              <Box aria-hidden sx={{ width: 14, height: 14, borderRadius: 0.5, bgcolor: queue.color, flexShrink: 0 }} />
              {queue.name}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          label={t("reports.filters.status")}
          value={filters.status}
          onChange={(event) => onChange({ status: event.target.value as ReportFilters["status"] })}
        >
          {reportStatuses.map((status) => (
            <MenuItem key={status} value={status}>
              {t(`reports.status.${status}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          label={t("reports.filters.period")}
          value={filters.period}
          onChange={(event) => {
            const period = event.target.value as ReportFilters["period"];
            onChange(period === "custom" ? { period, ...customFrom(range, zone) } : { period });
          }}
        >
          {reportPeriods.map((period) => (
            <MenuItem key={period} value={period}>
              {t(`reports.periods.${period}`)}
            </MenuItem>
          ))}
        </TextField>
        {custom && (
          <>
            <TextField
              type="datetime-local"
              sx={wide}
              label={t("reports.filters.start")}
              required
              value={filters.start}
              onChange={(event) => onChange({ start: event.target.value })}
              error={problem === "startRequired" || problem === "invalidStart"}
              helperText={problem === "startRequired" || problem === "invalidStart" ? t(`reports.problems.${problem}`) : " "}
              slotProps={{ inputLabel: { shrink: true }, htmlInput: dateTimeInputBounds }}
            />
            <TextField
              type="datetime-local"
              sx={wide}
              label={t("reports.filters.end")}
              value={filters.end}
              onChange={(event) => onChange({ end: event.target.value })}
              error={problem === "endBeforeStart" || problem === "invalidEnd"}
              helperText={problem === "endBeforeStart" || problem === "invalidEnd" ? t(`reports.problems.${problem}`) : t("reports.filters.endHint")}
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { ...dateTimeInputBounds, min: filters.start || dateTimeInputBounds.min } }}
            />
          </>
        )}
      </Box>
    </Paper>
  );
}
