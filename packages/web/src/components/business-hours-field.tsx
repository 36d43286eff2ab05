import type { WeeklyHours } from "@atendo/contracts";
import ContentCopyIcon from "@mui/icons-material/ContentCopy";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import FormControlLabel from "@mui/material/FormControlLabel";
import FormHelperText from "@mui/material/FormHelperText";
import Switch from "@mui/material/Switch";
import { useMemo, useState } from "react";
import { useTranslation } from "../lib/i18n";
import {
  addInterval,
  changeInterval,
  copyMondayToWeekdays,
  dayNames,
  defaultWeeklyHours,
  gridDays,
  removeInterval,
} from "../lib/business-hours";
import type { FieldBinding } from "../lib/form";
import { OpeningDayRow } from "./opening-day-row";

/** The keys of the switch's label and its hints, off and on. */
interface BusinessHoursTexts {
  switch: string;
  offHint: string;
  onHint: string;
}

const openingHoursTexts: BusinessHoursTexts = { switch: "businessHours.switch", offHint: "businessHours.offHint", onHint: "businessHours.onHint" };

/**
 * Weekly opening hours (queues, connections): off is always open (`null`); on, a grid of the
 * seven days, Monday first, each closed or with up to three intervals in the install's time zone.
 * `texts` names the switch and its hints for another use of the same grid (a campaign's sending window).
 */
export function BusinessHoursField({ value, onChange, onBlur, texts = openingHoursTexts }: FieldBinding<WeeklyHours | null> & { texts?: BusinessHoursTexts }) {
  const { t, i18n } = useTranslation();
  const names = useMemo(() => dayNames(i18n.language), [i18n.language]);
  // Switching off and on again within the form brings the last grid back.
  const [kept, setKept] = useState<WeeklyHours | null>(null);

  function toggle(on: boolean): void {
    if (on) return onChange(kept ?? defaultWeeklyHours());
    setKept(value);
    onChange(null);
  }

  return (
    <Box onBlur={onBlur}>
      <FormControlLabel
        control={<Switch checked={value !== null} onChange={(event) => toggle(event.target.checked)} />}
        label={t(texts.switch)}
      />
      <FormHelperText sx={{ mt: 0, mb: value ? 1 : 0 }}>{t(value ? texts.onHint : texts.offHint)}</FormHelperText>
      {value && (
        <>
          <Box sx={{ containerType: "inline-size" }}>
            {gridDays.map((day) => (
              <OpeningDayRow
                key={day}
                dayName={names[day] ?? ""}
                intervals={value[day] ?? []}
                onAdd={() => onChange(addInterval(value, day))}
                onRemove={(index) => onChange(removeInterval(value, day, index))}
                onChange={(index, patch) => onChange(changeInterval(value, day, index, patch))}
              />
            ))}
          </Box>
          <Button size="small" startIcon={<ContentCopyIcon />} onClick={() => onChange(copyMondayToWeekdays(value))} sx={{ mt: 1 }}>
            {t("businessHours.copyMonday")}
          </Button>
        </>
      )}
    </Box>
  );
}
