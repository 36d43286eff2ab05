import type { Queue } from "@atendo/contracts";
import Typography from "@mui/material/Typography";
import { useTranslation } from "../../../lib/i18n";
import { AdminTable, type RecordTableProps, ellipsis, RowLead, RowName, useCompactTable } from "../../../components/admin-table";
import { ColorSwatch } from "./color-swatch";

interface QueuesTableProps extends RecordTableProps<Queue> {
  queues: readonly Queue[];
}

/** Name, colour swatch, truncated greeting and actions; on narrow screens the greeting goes under the name. */
export function QueuesTable({ queues, onEdit, onDelete }: QueuesTableProps) {
  const { t } = useTranslation();
  const compact = useCompactTable();
  return (
    <AdminTable
      rows={queues}
      columns={[
        {
          header: t("queues.name"),
          cell: (queue) => (
            <RowLead lead={<ColorSwatch color={queue.color} />}>
              <RowName>{queue.name}</RowName>
              {compact && (
                <Typography variant="body2" color="text.secondary" sx={ellipsis}>
                  {queue.greetingMessage || t("queues.noGreeting")}
                </Typography>
              )}
            </RowLead>
          ),
        },
        !compact && {
          header: t("queues.color"),
          width: 140,
          cell: (queue) => (
            <Typography variant="body2" sx={{ fontFamily: "ui-monospace, Menlo, Consolas, monospace" }}>
              {queue.color.toUpperCase()}
            </Typography>
          ),
        },
        !compact && {
          header: t("queues.greeting"),
          cellSx: ellipsis,
          cellTitle: (queue) => queue.greetingMessage,
          cell: (queue) =>
            queue.greetingMessage || (
              <Typography component="span" variant="body2" color="text.secondary">
                {t("queues.noGreeting")}
              </Typography>
            ),
        },
      ]}
      actionsWidth={104}
      actionLabels={(queue) => ({ edit: t("queues.edit", { name: queue.name }), delete: t("queues.delete", { name: queue.name }) })}
      onEdit={onEdit}
      onDelete={onDelete}
    />
  );
}
