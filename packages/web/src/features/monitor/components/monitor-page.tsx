import Box from "@mui/material/Box";
import Card from "@mui/material/Card";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useId } from "react";
import { Page } from "../../../components/page";
import { QueryState } from "../../../components/query-state";
import { formatDate, formatTime } from "../../../lib/date-format";
import { useTranslation } from "../../../lib/i18n";
import { useLiveMonitor, useNow } from "../hooks/use-live-monitor";
import { AttendantRow } from "./attendant-row";
import { QueueCard } from "./queue-card";

/**
 * The live monitor (issue 30, docs/decisions/0082): each queue's waiting tickets and SLA figures,
 * each user's presence, load and first answers, kept current by the server's events.
 */
export function MonitorPage() {
  const { t } = useTranslation();
  const query = useLiveMonitor();
  const now = useNow(1000);
  const queuesId = useId();
  const attendantsId = useId();
  const snapshot = query.data;
  const elapsedSeconds = snapshot ? Math.max(0, Math.floor((now - query.dataUpdatedAt) / 1000)) : 0;

  return (
    <Page
      title={t("pages.monitor")}
      actions={
        snapshot && (
          <Typography variant="body2" color="text.secondary">
            {t("monitor.updatedAt", { time: formatTime(snapshot.at) })}
          </Typography>
        )
      }
    >
      <QueryState isPending={query.isPending} error={query.error} onRetry={() => void query.refetch()} />
      {snapshot && (
        <Stack spacing={3}>
          <Box component="section" aria-labelledby={queuesId}>
            <Typography id={queuesId} variant="h2" component="h2" sx={{ mb: 1.5 }}>
              {t("monitor.queues")}
            </Typography>
            {snapshot.queues.length === 0 ? (
              <Typography color="text.secondary">{t("monitor.noQueues")}</Typography>
            ) : (
              <Box
                component="ul"
                aria-labelledby={queuesId}
                sx={{ listStyle: "none", p: 0, m: 0, display: "grid", gap: 2, gridTemplateColumns: "repeat(auto-fill, minmax(min(100%, 260px), 1fr))" }}
              >
                {snapshot.queues.map((queue) => (
                  <QueueCard key={queue.id ?? "none"} queue={queue} elapsedSeconds={elapsedSeconds} />
                ))}
              </Box>
            )}
          </Box>
          <Box component="section" aria-labelledby={attendantsId}>
            <Typography id={attendantsId} variant="h2" component="h2" sx={{ mb: 0.5 }}>
              {t("monitor.attendants")}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
              {t("monitor.todayIs", { day: formatDate(snapshot.at, snapshot.timeZone), zone: snapshot.timeZone })}
            </Typography>
            <Card variant="outlined">
              <Box component="ul" aria-labelledby={attendantsId} sx={{ listStyle: "none", p: 0, m: 0 }}>
                {snapshot.attendants.map((attendant) => (
                  <AttendantRow key={attendant.id} attendant={attendant} />
                ))}
              </Box>
            </Card>
          </Box>
        </Stack>
      )}
    </Page>
  );
}
