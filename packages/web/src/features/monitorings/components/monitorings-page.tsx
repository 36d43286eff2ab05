import type { Monitoring } from "@atendo/contracts";
import Box from "@mui/material/Box";
import Chip from "@mui/material/Chip";
import Typography from "@mui/material/Typography";
import { useTranslation } from "../../../lib/i18n";
import { ellipsis, nameColumn, RowMuted, textColumn, useCompactTable } from "../../../components/admin-table";
import { AdminEntityPage, type EntityColumns } from "../../../components/entity-list-page";
import { QueueChip } from "../../../components/queue-chip";
import { monitoringsEntity } from "../api/monitorings.queries";

function StatusChip({ status }: Pick<Monitoring, "status">) {
  const { t } = useTranslation();
  return <Chip size="small" variant="outlined" color={status === "open" ? "success" : "default"} label={t(`monitorings.statuses.${status}`)} />;
}

function QueueCell({ queue }: Pick<Monitoring, "queue">) {
  const { t } = useTranslation();
  return queue ? <QueueChip name={queue.name} color={queue.color} /> : <RowMuted>{t("monitorings.noQueue")}</RowMuted>;
}

/** Name, status, owner and queue; on narrow screens the rest goes under the name. */
function useColumns(): EntityColumns<Monitoring> {
  const { t } = useTranslation();
  const compact = useCompactTable();
  return [
    nameColumn(t("monitorings.name"), {
      details: (monitoring) =>
        compact && (
          <Box sx={{ display: "flex", alignItems: "center", flexWrap: "wrap", gap: 0.75, mt: 0.5, minWidth: 0 }}>
            <StatusChip status={monitoring.status} />
            <Typography component="span" variant="body2" color="text.secondary" sx={ellipsis}>
              {monitoring.user.name}
            </Typography>
            {monitoring.queue && <QueueCell queue={monitoring.queue} />}
          </Box>
        ),
    }),
    !compact && { header: t("monitorings.status"), width: 150, cell: (monitoring) => <StatusChip status={monitoring.status} /> },
    !compact && textColumn(t("monitorings.owner"), (monitoring) => monitoring.user.name),
    !compact && { header: t("monitorings.queue"), width: 190, cell: (monitoring) => <QueueCell queue={monitoring.queue} /> },
  ];
}

/** /monitoring: numbers whose conversations go straight to an owner, attended or recorded (admins). */
export function MonitoringsPage() {
  return <AdminEntityPage entity={monitoringsEntity} useColumns={useColumns} />;
}
