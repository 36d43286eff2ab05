import type { Connection } from "@atendo/contracts";
import Stack from "@mui/material/Stack";
import { useTheme } from "@mui/material/styles";
import useMediaQuery from "@mui/material/useMediaQuery";
import { useCallback, useState } from "react";
import { useTranslation } from "../../../lib/i18n";
import { useNavigate } from "react-router";
import { AddButton } from "../../../components/add-button";
import { ConfirmDeleteDialog, ConfirmDialog } from "../../../components/confirm-dialog";
import { ListPage } from "../../../components/list-page";
import { paths } from "../../../lib/paths";
import { toast } from "../../../lib/toast";
import { useDialogTarget } from "../../../lib/use-dialog-target";
import {
  useConnectionTicketCount,
  useConnections,
  useConnectionsLive,
  useDeleteConnection,
  useDisconnectSession,
  useRestartSession,
} from "../hooks/use-connections";
import { ConnectionsTable } from "./connections-table";
import { QrCodeDialog } from "./qr-code-dialog";
import { SimulatorLinkButton } from "./simulator-link-button";

/** /connections: every connection with its live session (admins, spec §2, §4). */
export function ConnectionsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // On a phone both header buttons show only their icons, so the heading keeps its room.
  const phone = useMediaQuery(useTheme().breakpoints.down("sm"));
  const query = useConnections({ silent: true });
  const deletion = useDeleteConnection();
  const disconnection = useDisconnectSession();
  const restart = useRestartSession();
  const toDelete = useDialogTarget<Connection>();
  const toDisconnect = useDialogTarget<Connection>();
  const [qrFor, setQrFor] = useState<number | null>(null);
  const closeQr = useCallback(() => setQrFor(null), []);
  const tickets = useConnectionTicketCount(toDelete.open && toDelete.target ? toDelete.target.id : null);
  useConnectionsLive();

  function disconnect(connection: Connection): void {
    disconnection.mutate(connection.id, { onSuccess: () => toast.info(t("connections.disconnectStarted")) });
  }

  return (
    <ListPage
      title={t("pages.connections")}
      actions={
        <Stack direction="row" spacing={1}>
          <SimulatorLinkButton />
          <AddButton to={paths.newConnection} label={t("connections.add")} alwaysLabelled={!phone} />
        </Stack>
      }
      query={query}
      isEmpty={query.data?.length === 0}
      emptyText={t("connections.empty")}
      table={(connections) => (
        <ConnectionsTable
          connections={connections}
          onShowQr={(connection) => setQrFor(connection.id)}
          onDisconnect={toDisconnect.show}
          onRetry={(connection) => restart.mutate(connection.id)}
          onEdit={(connection) => void navigate(paths.editConnection.href(connection.id))}
          onDelete={toDelete.show}
        />
      )}
    >
      <QrCodeDialog connectionId={qrFor} onClose={closeQr} />
      <ConfirmDialog
        open={toDisconnect.open}
        title={t("connections.disconnectTitle", { name: toDisconnect.target?.name ?? "" })}
        message={t("connections.disconnectText")}
        confirmLabel={t("connections.disconnect")}
        danger
        onConfirm={() => toDisconnect.target && disconnect(toDisconnect.target)}
        onClose={toDisconnect.close}
      />
      <ConfirmDeleteDialog
        confirm={toDelete}
        title={t("connections.deleteTitle", { name: toDelete.target?.name ?? "" })}
        message={tickets.isPending ? t("connections.countingTickets") : t("connections.deleteText", { count: tickets.count })}
        deletion={deletion}
        deletedMessage={t("connections.deleted")}
      />
    </ListPage>
  );
}
