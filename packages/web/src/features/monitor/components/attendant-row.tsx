import type { MonitorAttendant, PresenceStatus } from "@atendo/contracts";
import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import { useId } from "react";
import { useTranslation } from "../../../lib/i18n";
import { MonitorFigure, MonitorFigures } from "./monitor-figure";
import { useFormatDuration } from "./use-format-duration";

const presenceColour: Record<PresenceStatus, string> = { online: "success.main", away: "warning.main", offline: "text.disabled" };

/** One user's row: presence, open tickets against capacity, today's first-response median. */
export function AttendantRow({ attendant }: { attendant: MonitorAttendant }) {
  const { t } = useTranslation();
  const format = useFormatDuration();
  const nameId = useId();
  const load =
    attendant.maxOpenTickets === null
      ? t("monitor.openUnlimited", { open: attendant.openTickets })
      : t("monitor.openOfCapacity", { open: attendant.openTickets, capacity: attendant.maxOpenTickets });
  const full = attendant.maxOpenTickets !== null && attendant.openTickets >= attendant.maxOpenTickets;
  return (
    <Box
      component="li"
      aria-labelledby={nameId}
      sx={{
        display: "flex",
        flexWrap: "wrap",
        alignItems: "center",
        columnGap: 3,
        rowGap: 1,
        px: 2,
        py: 1.5,
        "& + &": { borderTop: 1, borderColor: "divider" },
      }}
    >
      <Box sx={{ flex: "1 1 180px", minWidth: 0 }}>
        <Typography id={nameId} sx={{ fontWeight: 600, overflowWrap: "anywhere" }}>
          {attendant.name}
        </Typography>
        <Box sx={{ display: "flex", alignItems: "center", gap: 0.75 }}>
          <Box aria-hidden sx={{ width: 10, height: 10, borderRadius: "50%", flex: "none", bgcolor: presenceColour[attendant.presence] }} />
          <Typography variant="body2" color="text.secondary">
            {t(`monitor.presence.${attendant.presence}`)}
            {attendant.profile === "user" ? "" : ` · ${t(`monitor.${attendant.profile}`)}`}
          </Typography>
        </Box>
      </Box>
      <Box sx={{ flex: "2 1 260px", minWidth: 0 }}>
        <MonitorFigures min={190}>
          <MonitorFigure label={t("monitor.openTickets")} value={load} tone={full ? "warning" : undefined} />
          <MonitorFigure
            label={t("monitor.firstResponseMedian")}
            value={
              attendant.firstResponseMedianSeconds === null
                ? t("monitor.none")
                : t("monitor.medianOf", { median: format(attendant.firstResponseMedianSeconds), count: attendant.firstResponsesToday })
            }
          />
        </MonitorFigures>
      </Box>
    </Box>
  );
}
