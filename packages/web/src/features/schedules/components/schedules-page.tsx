import { can, scheduleStatuses, type ScheduleStatus } from "@atendo/contracts";
import FormControlLabel from "@mui/material/FormControlLabel";
import MenuItem from "@mui/material/MenuItem";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Switch from "@mui/material/Switch";
import TextField from "@mui/material/TextField";
import { useInfiniteQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Page } from "../../../components/page";
import { useTranslation } from "../../../lib/i18n";
import { useCurrentUser } from "../../../lib/session";
import { schedulesListQueryOptions } from "../api/schedules.queries";
import { useSchedulesLive } from "../hooks/use-schedules";
import { ScheduleList } from "./schedule-list";

/**
 * /schedules (everyone): the user's scheduled messages — an admin's or supervisor's list holds everyone's, with
 * "Only mine" — filtered by state, pending first; edit and cancel while pending. Kept live by the
 * `schedule` events.
 */
export function SchedulesPage() {
  const { t } = useTranslation();
  const admin = can(useCurrentUser()?.profile, "schedules:manageAll");
  const [status, setStatus] = useState<ScheduleStatus | "all">("pending");
  const [mine, setMine] = useState(false);
  const query = useInfiniteQuery(schedulesListQueryOptions({ status: status === "all" ? undefined : status, mine: admin && mine ? true : undefined }));
  useSchedulesLive();

  return (
    <Page title={t("schedules.page")} narrow>
      <Stack direction="row" spacing={2} sx={{ mb: 2, alignItems: "center", flexWrap: "wrap", rowGap: 1 }}>
        <TextField select size="small" fullWidth={false} label={t("schedules.statusFilter")} value={status} onChange={(event) => setStatus(event.target.value as ScheduleStatus | "all")} sx={{ width: 200 }}>
          <MenuItem value="all">{t("schedules.statusAll")}</MenuItem>
          {scheduleStatuses.map((value) => (
            <MenuItem key={value} value={value}>
              {t(`schedules.status.${value}`)}
            </MenuItem>
          ))}
        </TextField>
        {admin && <FormControlLabel control={<Switch checked={mine} onChange={(event) => setMine(event.target.checked)} />} label={t("schedules.onlyMine")} />}
      </Stack>
      <Paper variant="outlined" sx={{ px: 2 }}>
        <ScheduleList query={query} showAuthor={admin} />
      </Paper>
    </Page>
  );
}

