import type { Connection, ConnectionIncident } from "@atendo/contracts";
import CheckCircleIcon from "@mui/icons-material/CheckCircle";
import SwapHorizIcon from "@mui/icons-material/SwapHoriz";
import Box from "@mui/material/Box";
import Chip from "@mui/material/Chip";
import IconButton from "@mui/material/IconButton";
import Tooltip from "@mui/material/Tooltip";
import { useCallback, useState } from "react";
import { useTranslation } from "../../../lib/i18n";
import { ellipsis, RowDetail, RowMuted, RowName, useCompactTable } from "../../../components/admin-table";
import { ChannelIcon } from "../../../components/channel-icon";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { AdminEntityPage, type EntityColumns } from "../../../components/entity-list-page";
import { formatDateTime, formatTime } from "../../../lib/date-format";
import { toast } from "../../../lib/toast";
import { useDialogTarget } from "../../../lib/use-dialog-target";
import { connectionsEntity } from "../api/connections.queries";
import { useConnectionIncidents } from "../hooks/use-connection-incidents";
import { useConnectionTicketCount, useConnections, useDisconnectSession, useRestartSession, useSessionsLive } from "../hooks/use-connections";
import { MoveCustomersDialog } from "./move-customers-dialog";
import { QrCodeDialog } from "./qr-code-dialog";
import { SessionAction, type SessionActionProps } from "./session-action";
import { SimulatorLinkButton } from "./simulator-link-button";
import { SessionStatus } from "./status-chip";

/** The marks of number safety (issue 31): alerted as down since when; replaced by which connection. */
function SafetyMarks({ connection, incident, replacement }: { connection: Connection; incident?: ConnectionIncident; replacement?: Connection }) {
  const { t } = useTranslation();
  return (
    <>
      {incident && <Chip size="small" color="error" label={t("numberSafety.downSince", { time: formatTime(incident.leftAt) })} title={formatDateTime(incident.leftAt)} />}
      {connection.replacedById !== null && (
        <Chip size="small" variant="outlined" label={t("numberSafety.replacedBy", { name: replacement?.name ?? `#${connection.replacedById}` })} />
      )}
    </>
  );
}

/** The session's status, and under it the number safety marks. */
function StatusCell({ connection, incident, replacement }: { connection: Connection; incident?: ConnectionIncident; replacement?: Connection }) {
  return (
    <Box sx={{ display: "flex", flexDirection: "column", alignItems: "flex-start", gap: 0.5 }}>
      <SessionStatus connection={connection} />
      <SafetyMarks connection={connection} incident={incident} replacement={replacement} />
    </Box>
  );
}

function NameCell({ connection, compact }: { connection: Connection; compact: boolean }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ minWidth: 0 }}>
      <Box sx={{ display: "flex", alignItems: "center", gap: 1, minWidth: 0 }}>
        {/* Decorative: the channel is named under the name (WhatsApp, the default, is not). */}
        <ChannelIcon kind={connection.kind} fontSize="small" sx={{ flexShrink: 0 }} />
        <RowName title={connection.name}>{connection.name}</RowName>
        {compact && connection.isDefault && (
          <CheckCircleIcon fontSize="small" color="success" titleAccess={t("connections.isDefault")} sx={{ flexShrink: 0 }} />
        )}
      </Box>
      {/* The channel by name (its icon is beside the name), and a Telegram bot's @username once checked. */}
      {connection.kind !== "whatsapp" && (
        <RowDetail>{[t(`connections.kinds.${connection.kind}`), connection.telegram?.botUsername && `@${connection.telegram.botUsername}`].filter(Boolean).join(" · ")}</RowDetail>
      )}
      {compact && <RowDetail>{[connection.label, formatDateTime(connection.updatedAt)].filter(Boolean).join(" · ")}</RowDetail>}
    </Box>
  );
}

/**
 * Label, name, status, session action, last update and default (spec §2, §4); on narrow screens
 * the label and last update go under the name and the status over its action.
 */
function useColumns(actions: Omit<SessionActionProps, "connection">, rows: readonly Connection[]): EntityColumns<Connection> {
  const { t } = useTranslation();
  const compact = useCompactTable();
  const incidents = useConnectionIncidents();
  const incidentOf = (connection: Connection) => incidents.find((incident) => incident.whatsappId === connection.id);
  const replacementOf = (connection: Connection) => rows.find((row) => row.id === connection.replacedById);
  const action = (connection: Connection) => <SessionAction connection={connection} {...actions} />;
  const status = (connection: Connection) => <StatusCell connection={connection} incident={incidentOf(connection)} replacement={replacementOf(connection)} />;
  return [
    !compact && {
      header: t("connections.label"),
      width: "16%",
      cellSx: ellipsis,
      cellTitle: (connection) => connection.label ?? undefined,
      cell: (connection) => connection.label ?? <RowMuted>—</RowMuted>,
    },
    { header: t("connections.name"), cell: (connection) => <NameCell connection={connection} compact={compact} /> },
    !compact && { header: t("connections.statusLabel"), width: 180, cell: status },
    {
      header: t("connections.session"),
      width: 170,
      cell: (connection) =>
        compact ? (
          <Box sx={{ display: "flex", flexDirection: "column", alignItems: "flex-start", gap: 0.75 }}>
            {status(connection)}
            {action(connection)}
          </Box>
        ) : (
          action(connection)
        ),
    },
    !compact && { header: t("connections.lastUpdate"), width: 140, cellSx: { whiteSpace: "nowrap" }, cell: (connection) => formatDateTime(connection.updatedAt) },
    !compact && {
      header: t("connections.default"),
      width: 80,
      align: "center",
      cell: (connection) => connection.isDefault && <CheckCircleIcon fontSize="small" color="success" titleAccess={t("connections.isDefault")} />,
    },
  ];
}

/** /connections: every connection with its live session (admins, spec §2, §4). */
export function ConnectionsPage() {
  const { t } = useTranslation();
  const disconnection = useDisconnectSession();
  const restart = useRestartSession();
  const toDelete = useDialogTarget<Connection>();
  const toDisconnect = useDialogTarget<Connection>();
  const toMove = useDialogTarget<Connection>();
  const all = useConnections({ silent: true }).data ?? [];
  const [qrFor, setQrFor] = useState<number | null>(null);
  const closeQr = useCallback(() => setQrFor(null), []);
  const tickets = useConnectionTicketCount(toDelete.open && toDelete.target ? toDelete.target.id : null);
  useSessionsLive();
  const columns = useColumns({
    onShowQr: (connection) => setQrFor(connection.id),
    onDisconnect: toDisconnect.show,
    onRetry: (connection) => restart.mutate(connection.id),
  }, all);

  function disconnect(connection: Connection): void {
    disconnection.mutate(connection.id, { onSuccess: () => toast.info(t("connections.disconnectStarted")) });
  }

  return (
    <AdminEntityPage
      entity={connectionsEntity}
      tools={<SimulatorLinkButton />}
      useColumns={() => columns}
      actionsWidth={128}
      before={(connection) => (
        <Tooltip title={t("numberSafety.moveAction", { name: connection.name })}>
          <IconButton size="small" aria-label={t("numberSafety.moveAction", { name: connection.name })} onClick={() => toMove.show(connection)}>
            <SwapHorizIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
      deleteTarget={toDelete}
      deleteText={tickets.isPending ? t("connections.countingTickets") : t("connections.deleteText", { count: tickets.count })}
    >
      <QrCodeDialog connectionId={qrFor} onClose={closeQr} />
      <MoveCustomersDialog source={toMove.target ?? null} open={toMove.open} connections={all} onClose={toMove.close} />
      <ConfirmDialog
        open={toDisconnect.open}
        title={t("connections.disconnectTitle", { name: toDisconnect.target?.name ?? "" })}
        message={t("connections.disconnectText")}
        confirmLabel={t("connections.disconnect")}
        danger
        onConfirm={() => toDisconnect.target && disconnect(toDisconnect.target)}
        onClose={toDisconnect.close}
      />
    </AdminEntityPage>
  );
}
