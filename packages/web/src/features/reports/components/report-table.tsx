import type { ReportTicket } from "@atendo/contracts";
import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import { useTranslation } from "../../../lib/i18n";
import { DataTable, ellipsis, RowName, useCompactTable } from "../../../components/admin-table";
import { QueueChip } from "../../../components/queue-chip";
import { formatDateTime } from "../../../lib/date-format";
import { RatingStars } from "../../tickets";

function Muted({ children }: { children: string }) {
  return (
    <Typography component="span" variant="body2" color="text.secondary">
      {children}
    </Typography>
  );
}

/** The client's name and number; on narrow screens also who, where and how (what the hidden columns say). */
function ClientCell({ ticket, compact }: { ticket: ReportTicket; compact: boolean }) {
  const { t } = useTranslation();
  const who = [ticket.user?.name ?? t("reports.table.noAttendant"), ticket.queue?.name ?? t("reports.table.noQueue")].join(" · ");
  const how = [ticket.connection.name, t(`reports.status.${ticket.status}`)].join(" · ");
  return (
    <Box sx={{ minWidth: 0 }}>
      {ticket.contact ? (
        <>
          <RowName title={ticket.contact.name}>{ticket.contact.name}</RowName>
          <Typography variant="body2" color="text.secondary" sx={ellipsis}>
            {ticket.contact.number}
          </Typography>
        </>
      ) : (
        <Muted>{t("reports.table.deletedContact")}</Muted>
      )}
      {compact &&
        [who, how].map((line) => (
          <Typography key={line} variant="body2" color="text.secondary" sx={ellipsis} title={line}>
            {line}
          </Typography>
        ))}
    </Box>
  );
}

/** A ticket's SLA outcomes (issue 30): first response, then resolution; nothing without targets. */
function SlaCell({ sla }: { sla: ReportTicket["sla"] }) {
  const { t } = useTranslation();
  const parts = (["firstResponse", "resolution"] as const).flatMap((target) =>
    sla[target] === null ? [] : [`${t(`slaAdmin.report.${target}`)}: ${t(`slaAdmin.report.${sla[target]}`)}`],
  );
  if (parts.length === 0) return <Muted>—</Muted>;
  return (
    <Box component="span" sx={{ display: "grid", fontSize: "0.8rem" }}>
      {parts.map((part) => (
        <span key={part}>{part}</span>
      ))}
    </Box>
  );
}

/**
 * The report's rows (spec §2): ticket id, attendant, queue, connection, status, client name and
 * number, date; below 768 px the attendant, queue, connection and status go under the client.
 */
export function ReportTable({ tickets }: { tickets: readonly ReportTicket[] }) {
  const { t } = useTranslation();
  const compact = useCompactTable();
  return (
    <DataTable
      rows={tickets}
      columns={[
        { header: t("reports.table.id"), width: 72, cell: (ticket) => `#${ticket.id}` },
        !compact && {
          header: t("reports.table.attendant"),
          width: "17%",
          cellSx: ellipsis,
          cellTitle: (ticket) => ticket.user?.name,
          cell: (ticket) => ticket.user?.name ?? <Muted>{t("reports.table.noAttendant")}</Muted>,
        },
        !compact && {
          header: t("reports.table.queue"),
          width: "14%",
          cell: (ticket) =>
            ticket.queue ? <QueueChip name={ticket.queue.name} color={ticket.queue.color} sx={{ maxWidth: "100%" }} /> : <Muted>{t("reports.table.noQueue")}</Muted>,
        },
        !compact && {
          header: t("reports.table.connection"),
          width: "13%",
          cellSx: ellipsis,
          cellTitle: (ticket) => ticket.connection.name,
          cell: (ticket) => ticket.connection.name,
        },
        !compact && { header: t("reports.table.status"), width: 130, cell: (ticket) => t(`reports.status.${ticket.status}`) },
        !compact && { header: t("slaAdmin.report.column"), width: 150, cell: (ticket) => <SlaCell sla={ticket.sla} /> },
        { header: t("reports.table.client"), cell: (ticket) => <ClientCell ticket={ticket} compact={compact} /> },
        !compact && {
          header: t("surveyAdmin.report.ratingColumn"),
          width: 110,
          cellTitle: (ticket) => ticket.rating?.comment ?? undefined,
          cell: (ticket) => (ticket.rating ? <RatingStars score={ticket.rating.score} /> : <Muted>{t("surveyAdmin.report.notRated")}</Muted>),
        },
        {
          header: t("reports.table.date"),
          width: compact ? 84 : 130,
          cellSx: compact ? undefined : { whiteSpace: "nowrap" },
          cell: (ticket) => formatDateTime(ticket.createdAt),
        },
      ]}
    />
  );
}
