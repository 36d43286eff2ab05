import type { AuditEntry } from "@atendo/contracts";
import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import { DataTable, type AdminColumn } from "../../../components/admin-table";
import { formatDateTime } from "../../../lib/date-format";
import { useTranslation } from "../../../lib/i18n";

/** A value as one short line. */
function shown(value: unknown): string {
  if (value === null || value === undefined) return "—";
  const text = typeof value === "string" ? value : JSON.stringify(value);
  return text.length > 80 ? `${text.slice(0, 79)}…` : text;
}

const small = { fontSize: "0.8125rem", overflowWrap: "anywhere" } as const;

function Changes({ entry }: { entry: AuditEntry }) {
  const lines = [
    ...Object.entries(entry.changes ?? {}).map(([field, change]) => `${field}: ${shown(change.before)} → ${shown(change.after)}`),
    ...Object.entries(entry.details ?? {}).map(([key, value]) => `${key}: ${shown(value)}`),
  ];
  return (
    <Box component="ul" sx={{ m: 0, p: 0, listStyle: "none" }}>
      {lines.map((line) => (
        <Box component="li" key={line} sx={small}>
          {line}
        </Box>
      ))}
    </Box>
  );
}

/** The log's entries: when, who, what, on which record, what changed, from where. */
export function AuditTable({ entries }: { entries: readonly AuditEntry[] }) {
  const { t } = useTranslation();
  const columns: AdminColumn<AuditEntry>[] = [
    { header: t("auditLog.columns.when"), width: 130, cell: (entry) => formatDateTime(entry.createdAt) },
    {
      header: t("auditLog.columns.who"),
      width: { xs: 160, lg: 200 },
      cell: (entry) => (
        <>
          <Typography variant="body2" noWrap>
            {entry.userName ?? (entry.userEmail ? "" : t("auditLog.nobody"))}
          </Typography>
          <Typography variant="caption" color="text.secondary" noWrap component="div">
            {entry.userEmail}
          </Typography>
        </>
      ),
      cellTitle: (entry) => entry.userEmail ?? undefined,
    },
    {
      header: t("auditLog.columns.action"),
      width: 190,
      cell: (entry) => (
        <Box component="code" sx={small}>
          {entry.action}
        </Box>
      ),
    },
    { header: t("auditLog.columns.entity"), width: 130, cell: (entry) => (entry.entityType ? `${entry.entityType} ${entry.entityId ?? ""}` : "—") },
    { header: t("auditLog.columns.changes"), cell: (entry) => <Changes entry={entry} /> },
    {
      header: t("auditLog.columns.from"),
      width: 130,
      cell: (entry) => entry.ip ?? "—",
      cellTitle: (entry) => entry.userAgent ?? undefined,
    },
  ];
  return <DataTable rows={entries} columns={columns} />;
}
