import type { Queue } from "@atendo/contracts";
import Typography from "@mui/material/Typography";
import { useTranslation } from "../../../lib/i18n";
import { ellipsis, nameColumn, RowDetail, RowMuted, useCompactTable } from "../../../components/admin-table";
import { AdminEntityPage, type EntityColumns } from "../../../components/entity-list-page";
import { queuesEntity } from "../api/queues.queries";
import { ColorSwatch } from "./color-swatch";
import { UnstaffedChip } from "./unstaffed-warning";

/**
 * Name, colour swatch, truncated greeting and actions; on narrow screens the greeting goes under
 * the name. A queue nobody belongs to is marked under its name (docs/decisions/0069).
 */
function useColumns(): EntityColumns<Queue> {
  const { t } = useTranslation();
  const compact = useCompactTable();
  return [
    nameColumn(t("queues.name"), {
      lead: (queue) => <ColorSwatch color={queue.color} />,
      details: (queue) => (
        <>
          {compact && <RowDetail>{queue.greetingMessage || t("queues.noGreeting")}</RowDetail>}
          {queue.users.length === 0 && <UnstaffedChip />}
        </>
      ),
    }),
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
      cell: (queue) => queue.greetingMessage || <RowMuted>{t("queues.noGreeting")}</RowMuted>,
    },
  ];
}

/** /queues: every queue with its colour and greeting (admins). */
export function QueuesPage() {
  return <AdminEntityPage entity={queuesEntity} useColumns={useColumns} />;
}
