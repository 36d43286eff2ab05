import type { MonitorQueue } from "@atendo/contracts";
import Box from "@mui/material/Box";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import Typography from "@mui/material/Typography";
import { useId } from "react";
import { useTranslation } from "../../../lib/i18n";
import { MonitorFigure, MonitorFigures } from "./monitor-figure";
import { useFormatDuration } from "./use-format-duration";

interface QueueCardProps {
  queue: MonitorQueue;
  /** Seconds since the figures were read: the longest wait grows meanwhile. */
  elapsedSeconds: number;
}

/** One queue's card: who waits and for how long, the SLA figures and how tickets are assigned. */
export function QueueCard({ queue, elapsedSeconds }: QueueCardProps) {
  const { t } = useTranslation();
  const format = useFormatDuration();
  const titleId = useId();
  const name = queue.id === null ? t("monitor.noQueue") : queue.name;
  return (
    <Card component="li" aria-labelledby={titleId} variant="outlined" sx={{ minWidth: 0 }}>
      <CardContent>
        <Box sx={{ display: "flex", alignItems: "center", gap: 1, mb: 0.5, minWidth: 0 }}>
          <Box aria-hidden sx={{ width: 12, height: 12, borderRadius: "50%", flex: "none", bgcolor: queue.color ?? "text.disabled" }} />
          <Typography id={titleId} variant="h3" component="h3" sx={{ minWidth: 0, overflowWrap: "anywhere" }}>
            {name}
          </Typography>
        </Box>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          {queue.assignment ? t(`monitor.assignment.${queue.assignment}`) : t("monitor.noAssignment")}
        </Typography>
        <MonitorFigures>
          <MonitorFigure label={t("monitor.waiting")} value={queue.waiting} />
          <MonitorFigure
            label={t("monitor.longestWait")}
            value={queue.longestWaitSeconds === null ? t("monitor.none") : format(queue.longestWaitSeconds + elapsedSeconds)}
          />
          <MonitorFigure label={t("monitor.atRisk")} value={queue.atRisk} tone={queue.atRisk > 0 ? "warning" : undefined} />
          <MonitorFigure label={t("monitor.breached")} value={queue.breached} tone={queue.breached > 0 ? "error" : undefined} />
        </MonitorFigures>
      </CardContent>
    </Card>
  );
}
