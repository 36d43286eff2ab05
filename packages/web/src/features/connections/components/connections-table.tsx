import type { Connection } from "@atendo/contracts";
import CheckCircleIcon from "@mui/icons-material/CheckCircle";
import Box from "@mui/material/Box";
import Chip from "@mui/material/Chip";
import Typography from "@mui/material/Typography";
import { useTranslation } from "../../../lib/i18n";
import { AdminTable, type RecordTableProps, ellipsis, RowName, useCompactTable } from "../../../components/admin-table";
import { formatDateTime } from "../../../lib/date-format";
import { SessionAction } from "./session-action";
import { SessionStatus } from "./status-chip";

interface ConnectionsTableProps extends RecordTableProps<Connection> {
  connections: readonly Connection[];
  onShowQr: (connection: Connection) => void;
  onDisconnect: (connection: Connection) => void;
  onRetry: (connection: Connection) => void;
}

function NameCell({ connection, compact }: { connection: Connection; compact: boolean }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ minWidth: 0 }}>
      <Box sx={{ display: "flex", alignItems: "center", gap: 1, minWidth: 0 }}>
        <RowName title={connection.name}>{connection.name}</RowName>
        {connection.kind === "api" && <Chip size="small" label={t("connections.kinds.api")} />}
        {compact && connection.isDefault && (
          <CheckCircleIcon fontSize="small" color="success" titleAccess={t("connections.isDefault")} sx={{ flexShrink: 0 }} />
        )}
      </Box>
      {compact && (
        <Typography variant="body2" color="text.secondary" sx={ellipsis}>
          {[connection.label, formatDateTime(connection.updatedAt)].filter(Boolean).join(" · ")}
        </Typography>
      )}
    </Box>
  );
}

/**
 * Label, name, status, session action, last update and default (spec §2, §4); on narrow screens
 * the label and last update go under the name and the status over its action.
 */
export function ConnectionsTable({ connections, onShowQr, onDisconnect, onRetry, onEdit, onDelete }: ConnectionsTableProps) {
  const { t } = useTranslation();
  const compact = useCompactTable();
  return (
    <AdminTable
      rows={connections}
      columns={[
        !compact && {
          header: t("connections.label"),
          width: "16%",
          cellSx: ellipsis,
          cellTitle: (connection) => connection.label ?? undefined,
          cell: (connection) =>
            connection.label ?? (
              <Typography component="span" variant="body2" color="text.secondary">
                —
              </Typography>
            ),
        },
        { header: t("connections.name"), cell: (connection) => <NameCell connection={connection} compact={compact} /> },
        !compact && { header: t("connections.statusLabel"), width: 180, cell: (connection) => <SessionStatus connection={connection} /> },
        {
          header: t("connections.session"),
          width: 170,
          cell: (connection) =>
            compact ? (
              <Box sx={{ display: "flex", flexDirection: "column", alignItems: "flex-start", gap: 0.75 }}>
                <SessionStatus connection={connection} />
                <SessionAction connection={connection} onShowQr={onShowQr} onDisconnect={onDisconnect} onRetry={onRetry} />
              </Box>
            ) : (
              <SessionAction connection={connection} onShowQr={onShowQr} onDisconnect={onDisconnect} onRetry={onRetry} />
            ),
        },
        !compact && {
          header: t("connections.lastUpdate"),
          width: 140,
          cellSx: { whiteSpace: "nowrap" },
          cell: (connection) => formatDateTime(connection.updatedAt),
        },
        !compact && {
          header: t("connections.default"),
          width: 80,
          align: "center",
          cell: (connection) =>
            connection.isDefault && <CheckCircleIcon fontSize="small" color="success" titleAccess={t("connections.isDefault")} />,
        },
      ]}
      actionsWidth={96}
      actionLabels={(connection) => ({
        edit: t("connections.edit", { name: connection.name }),
        delete: t("connections.delete", { name: connection.name }),
      })}
      onEdit={onEdit}
      onDelete={onDelete}
    />
  );
}
