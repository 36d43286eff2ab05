import type { OpeningInterval } from "@atendo/contracts";
import AddIcon from "@mui/icons-material/Add";
import CloseIcon from "@mui/icons-material/Close";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import IconButton from "@mui/material/IconButton";
import TextField from "@mui/material/TextField";
import Tooltip from "@mui/material/Tooltip";
import Typography from "@mui/material/Typography";
import { useId } from "react";
import { useTranslation } from "../lib/i18n";
import { inputTime, intervalProblem, maxIntervals, overlaps } from "../lib/business-hours";

/** Wide enough for the day, its hours and the add button side by side (the grid is a size container). */
const wide = "@container (min-width: 640px)";

interface OpeningDayRowProps {
  dayName: string;
  intervals: readonly OpeningInterval[];
  onAdd: () => void;
  onRemove: (index: number) => void;
  onChange: (index: number, patch: Partial<OpeningInterval>) => void;
}

/** One day of the opening-hours grid: its intervals (opens – closes), or "Closed"; up to three. */
export function OpeningDayRow({ dayName, intervals, onAdd, onRemove, onChange }: OpeningDayRowProps) {
  const { t } = useTranslation();
  const dayId = useId();
  const overlapping = overlaps(intervals);
  return (
    <Box
      role="group"
      aria-labelledby={dayId}
      sx={{
        // Narrow (the grid's container, not the window): the day and "Add hours" on one line, the hours under them.
        display: "grid",
        gridTemplateColumns: "minmax(0, 1fr) auto",
        alignItems: "start",
        columnGap: 2,
        rowGap: 1,
        py: 1.5,
        borderTop: 1,
        borderColor: "divider",
        [wide]: { gridTemplateColumns: "130px minmax(0, 1fr) auto" },
      }}
    >
      <Typography id={dayId} sx={{ gridColumn: 1, gridRow: 1, pt: 0.75, fontWeight: 600 }}>
        {dayName}
      </Typography>
      <Box sx={{ gridColumn: "1 / -1", gridRow: 2, display: "grid", gap: 1.5, minWidth: 0, [wide]: { gridColumn: 2, gridRow: 1 } }}>
        {intervals.length === 0 && (
          <Typography color="text.secondary" sx={{ [wide]: { pt: 0.75 } }}>
            {t("businessHours.closed")}
          </Typography>
        )}
        {intervals.map((interval, index) => {
          const problem = intervalProblem(interval);
          const range = { day: dayName, start: interval.start || "…", end: interval.end || "…" };
          return (
            <Box key={index} sx={{ display: "flex", alignItems: "flex-start", gap: 1 }}>
              <TimeField label={t("businessHours.opens")} value={interval.start} onChange={(start) => onChange(index, { start })} error={problem !== null} />
              <TimeField
                label={t("businessHours.closes")}
                value={interval.end}
                onChange={(end) => onChange(index, { end })}
                error={problem !== null}
                helperText={problem ? t(`businessHours.problems.${problem}`) : undefined}
              />
              <Tooltip title={t("businessHours.remove", range)}>
                <IconButton aria-label={t("businessHours.remove", range)} onClick={() => onRemove(index)} sx={{ mt: 0.25 }}>
                  <CloseIcon fontSize="small" />
                </IconButton>
              </Tooltip>
            </Box>
          );
        })}
        {overlapping && (
          <Typography variant="caption" color="warning.main">
            {t("businessHours.overlap")}
          </Typography>
        )}
      </Box>
      <Button
        size="small"
        startIcon={<AddIcon />}
        onClick={onAdd}
        disabled={intervals.length >= maxIntervals}
        aria-label={t("businessHours.addFor", { day: dayName })}
        sx={{ gridColumn: 2, gridRow: 1, mt: 0.25, [wide]: { gridColumn: 3 } }}
      >
        {t("businessHours.add")}
      </Button>
    </Box>
  );
}

interface TimeFieldProps {
  label: string;
  value: string;
  onChange: (time: string) => void;
  error: boolean;
  helperText?: string;
}

/** An opening or closing time (`HH:MM`), typed or picked with the browser's time input. */
function TimeField({ label, value, onChange, error, helperText }: TimeFieldProps) {
  return (
    <TextField
      type="time"
      size="small"
      label={label}
      value={inputTime(value)}
      onChange={(event) => onChange(event.target.value)}
      error={error}
      helperText={helperText}
      slotProps={{ inputLabel: { shrink: true } }}
      sx={{ width: 148 }}
    />
  );
}
