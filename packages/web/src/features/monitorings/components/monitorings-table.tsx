import type { Monitoring } from "@atendo/contracts";
import Box from "@mui/material/Box";
import Chip from "@mui/material/Chip";
import Typography from "@mui/material/Typography";
import { useTranslation } from "../../../lib/i18n";
import { AdminTable, ellipsis, RowName, useCompactTable, type RecordTableProps } from "../../../components/admin-table";
import { QueueChip } from "../../../components/queue-chip";

interface MonitoringsTableProps extends RecordTableProps<Monitoring> {
  monitorings: readonly Monitoring[];
}

function StatusChip({ status }: Pick<Monitoring, "status">) {
  const { t } = useTranslation();
  return <Chip size="small" variant="outlined" color={status === "open" ? "success" : "default"} label={t(`monitorings.statuses.${status}`)} />;
}

function QueueCell({ queue }: Pick<Monitoring, "queue">) {
  const { t } = useTranslation();
  if (queue) return <QueueChip name={queue.name} color={queue.color} />;
  return (
    <Typography component="span" variant="body2" color="text.secondary">
      {t("monitorings.noQueue")}
    </Typography>
  );
}

/** Name, status, owner and queue; on narrow screens the rest goes under the name. */
export function MonitoringsTable({ monitorings, onEdit, onDelete }: MonitoringsTableProps) {
  const { t } = useTranslation();
  const compact = useCompactTable();
  return (
    <AdminTable
      rows={monitorings}
      columns={[
        {
          header: t("monitorings.name"),
          cell: (monitoring) => (
            <>
              <RowName>{monitoring.name}</RowName>
              {compact && (
                <Box sx={{ display: "flex", alignItems: "center", flexWrap: "wrap", gap: 0.75, mt: 0.5, minWidth: 0 }}>
                  <StatusChip status={monitoring.status} />
                  <Typography component="span" variant="body2" color="text.secondary" sx={ellipsis}>
                    {monitoring.user.name}
                  </Typography>
                  {monitoring.queue && <QueueCell queue={monitoring.queue} />}
                </Box>
              )}
            </>
          ),
        },
        !compact && { header: t("monitorings.status"), width: 150, cell: (monitoring) => <StatusChip status={monitoring.status} /> },
        !compact && { header: t("monitorings.owner"), cellSx: ellipsis, cell: (monitoring) => monitoring.user.name },
        !compact && { header: t("monitorings.queue"), width: 190, cell: (monitoring) => <QueueCell queue={monitoring.queue} /> },
      ]}
      actionsWidth={104}
      actionLabels={(monitoring) => ({
        edit: t("monitorings.edit", { name: monitoring.name }),
        delete: t("monitorings.delete", { name: monitoring.name }),
      })}
      onEdit={onEdit}
      onDelete={onDelete}
    />
  );
}
