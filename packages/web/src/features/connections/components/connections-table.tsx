import type { Connection } from "@atendo/contracts";
import CheckCircleIcon from "@mui/icons-material/CheckCircle";
import Box from "@mui/material/Box";
import Chip from "@mui/material/Chip";
import { useTheme } from "@mui/material/styles";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import Typography from "@mui/material/Typography";
import useMediaQuery from "@mui/material/useMediaQuery";
import { useTranslation } from "react-i18next";
import { RowActions } from "../../../components/row-actions";
import { formatDateTime } from "../../../lib/date-format";
import { SessionAction } from "./session-action";
import { StatusChip } from "./status-chip";

interface ConnectionsTableProps {
  connections: readonly Connection[];
  onShowQr: (connection: Connection) => void;
  onDisconnect: (connection: Connection) => void;
  onEdit: (connection: Connection) => void;
  onDelete: (connection: Connection) => void;
}

const ellipsis = { overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" } as const;

function NameCell({ connection, compact }: { connection: Connection; compact: boolean }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ minWidth: 0 }}>
      <Box sx={{ display: "flex", alignItems: "center", gap: 1, minWidth: 0 }}>
        <Typography variant="body2" sx={{ fontWeight: 600, ...ellipsis }} title={connection.name}>
          {connection.name}
        </Typography>
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
export function ConnectionsTable({ connections, onShowQr, onDisconnect, onEdit, onDelete }: ConnectionsTableProps) {
  const { t } = useTranslation();
  const theme = useTheme();
  const compact = useMediaQuery(theme.breakpoints.down("md"));
  return (
    <Table stickyHeader size="small" sx={{ tableLayout: "fixed" }}>
      <TableHead>
        <TableRow>
          {!compact && <TableCell sx={{ width: "16%" }}>{t("connections.label")}</TableCell>}
          <TableCell>{t("connections.name")}</TableCell>
          {!compact && <TableCell sx={{ width: 180 }}>{t("connections.statusLabel")}</TableCell>}
          <TableCell sx={{ width: 170 }}>{t("connections.session")}</TableCell>
          {!compact && <TableCell sx={{ width: 140 }}>{t("connections.lastUpdate")}</TableCell>}
          {!compact && (
            <TableCell align="center" sx={{ width: 80 }}>
              {t("connections.default")}
            </TableCell>
          )}
          <TableCell align="right" sx={{ width: 96 }}>
            {t("common.actions")}
          </TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {connections.map((connection) => (
          <TableRow key={connection.id} hover>
            {!compact && (
              <TableCell sx={ellipsis} title={connection.label ?? undefined}>
                {connection.label ?? (
                  <Typography component="span" variant="body2" color="text.disabled">
                    —
                  </Typography>
                )}
              </TableCell>
            )}
            <TableCell>
              <NameCell connection={connection} compact={compact} />
            </TableCell>
            {!compact && (
              <TableCell>
                <StatusChip status={connection.status} />
              </TableCell>
            )}
            <TableCell>
              {compact ? (
                <Box sx={{ display: "flex", flexDirection: "column", alignItems: "flex-start", gap: 0.75 }}>
                  <StatusChip status={connection.status} />
                  <SessionAction connection={connection} onShowQr={onShowQr} onDisconnect={onDisconnect} />
                </Box>
              ) : (
                <SessionAction connection={connection} onShowQr={onShowQr} onDisconnect={onDisconnect} />
              )}
            </TableCell>
            {!compact && <TableCell sx={{ whiteSpace: "nowrap" }}>{formatDateTime(connection.updatedAt)}</TableCell>}
            {!compact && (
              <TableCell align="center">
                {connection.isDefault && <CheckCircleIcon fontSize="small" color="success" titleAccess={t("connections.isDefault")} />}
              </TableCell>
            )}
            <TableCell align="right">
              <RowActions
                editLabel={t("connections.edit", { name: connection.name })}
                deleteLabel={t("connections.delete", { name: connection.name })}
                onEdit={() => onEdit(connection)}
                onDelete={() => onDelete(connection)}
              />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
