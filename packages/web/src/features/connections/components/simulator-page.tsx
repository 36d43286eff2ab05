import { channelNumber, type Connection } from "@atendo/contracts";
import AttachFileIcon from "@mui/icons-material/AttachFile";
import CloseIcon from "@mui/icons-material/Close";
import SendIcon from "@mui/icons-material/Send";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import IconButton from "@mui/material/IconButton";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Tooltip from "@mui/material/Tooltip";
import Typography from "@mui/material/Typography";
import { useRef, useState } from "react";
import { useTranslation } from "../../../lib/i18n";
import { Navigate, Link as RouterLink, useParams } from "react-router";
import { Page } from "../../../components/page";
import { QueryState } from "../../../components/query-state";
import { paths } from "../../../lib/paths";
import { useDebouncedValue } from "../../../lib/use-debounced-value";
import { useConnections, useConnectionsLive } from "../hooks/use-connections";
import { useSendSimulatedMessage, useSimulatorConversation } from "../hooks/use-simulator";
import { SimulatorMessages } from "./simulator-messages";

/** /connections/:id/simulator: write as a customer of an API connection ("try it without WhatsApp"). */
export function SimulatorPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const connections = useConnections({ silent: true });
  useConnectionsLive();
  const connection = connections.data?.find((item) => item.id === Number(id));
  return (
    <Page title={t("connections.sim.title", { name: connection?.name ?? "" })} fill>
      <QueryState isPending={connections.isPending} error={connections.error} onRetry={() => void connections.refetch()} />
      {connections.data && !connection && <Alert severity="warning">{t("connections.sim.notFound")}</Alert>}
      {connection && connection.kind !== "api" && <Alert severity="warning">{t("connections.sim.apiOnly")}</Alert>}
      {connection?.kind === "api" && <Simulator connection={connection} />}
    </Page>
  );
}

function Simulator({ connection }: { connection: Connection }) {
  const { t } = useTranslation();
  const [name, setName] = useState(() => t("connections.sim.defaultName"));
  const [number, setNumber] = useState("5511999990000");
  const [text, setText] = useState("");
  const [file, setFile] = useState<File | null>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const typed = channelNumber.safeParse(number);
  const typedNumber = typed.success ? typed.data : null;
  // The conversation follows the number once typing stops; sending uses what is typed now.
  const shown = channelNumber.safeParse(useDebouncedValue(number));
  const normalized = shown.success ? shown.data : null;
  const conversation = useSimulatorConversation(connection.id, normalized);
  const sending = useSendSimulatedMessage(connection.id);
  const nameOk = name.trim() !== "";
  const canSend = nameOk && typedNumber !== null && (text.trim() !== "" || file !== null);

  function send(event: { preventDefault: () => void }): void {
    event.preventDefault();
    if (!canSend || typedNumber === null) return;
    sending.mutate(
      { name: name.trim(), number: typedNumber, body: text, file },
      {
        onSuccess: () => {
          setText("");
          setFile(null);
        },
      },
    );
  }

  const ticket = conversation.data?.ticket;
  return (
    <Stack spacing={2} sx={{ flex: 1, minHeight: 0 }}>
      <Typography variant="body2" color="text.secondary">
        {t("connections.sim.intro")}
      </Typography>
      <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
        <TextField label={t("connections.sim.name")} size="small" required value={name} onChange={(event) => setName(event.target.value)} error={!nameOk} fullWidth />
        <TextField
          label={t("connections.sim.number")}
          size="small"
          required
          value={number}
          onChange={(event) => setNumber(event.target.value)}
          error={typedNumber === null}
          fullWidth
        />
      </Stack>
      <Paper variant="outlined" sx={{ flex: 1, minHeight: 240, overflow: "auto", p: 2, bgcolor: "action.hover" }}>
        {ticket && (
          <Box sx={{ display: "flex", justifyContent: "center", mb: 1.5 }}>
            <Chip
              size="small"
              label={t("connections.sim.ticket", {
                id: ticket.id,
                status: t(`connections.sim.ticketStatus.${ticket.status}`),
                queue: ticket.queue?.name ?? t("connections.sim.noQueue"),
              })}
            />
          </Box>
        )}
        <QueryState isPending={normalized !== null && conversation.isPending} error={conversation.error} onRetry={() => void conversation.refetch()} />
        {conversation.data && conversation.data.messages.length === 0 && (
          <Typography color="text.secondary" sx={{ textAlign: "center", mt: 4 }}>
            {t("connections.sim.empty")}
          </Typography>
        )}
        {conversation.data && <SimulatorMessages messages={conversation.data.messages} />}
      </Paper>
      <Box component="form" onSubmit={send} sx={{ display: "flex", gap: 1, alignItems: "flex-end" }}>
        <input
          ref={fileRef}
          type="file"
          hidden
          aria-label={t("connections.sim.attach")}
          onChange={(event) => {
            setFile(event.target.files?.[0] ?? null);
            event.target.value = "";
          }}
        />
        <Tooltip title={t("connections.sim.attach")}>
          <IconButton aria-label={t("connections.sim.attach")} onClick={() => fileRef.current?.click()}>
            <AttachFileIcon />
          </IconButton>
        </Tooltip>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          {file && (
            <Chip
              size="small"
              label={file.name}
              onDelete={() => setFile(null)}
              deleteIcon={<CloseIcon aria-label={t("connections.sim.removeFile")} />}
              sx={{ mb: 1, maxWidth: "100%" }}
            />
          )}
          <TextField
            label={t("connections.sim.message")}
            size="small"
            fullWidth
            multiline
            maxRows={6}
            value={text}
            onChange={(event) => setText(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === "Enter" && !event.shiftKey) send(event);
            }}
          />
        </Box>
        <Button type="submit" variant="contained" endIcon={<SendIcon />} disabled={!canSend} loading={sending.isPending}>
          {t("connections.sim.send")}
        </Button>
      </Box>
      <Box>
        <Button component={RouterLink} to={paths.connections} size="small">
          {t("connections.sim.back")}
        </Button>
      </Box>
    </Stack>
  );
}

/** /simulator: the simulator of the first API connection (the demo one on a fresh install). */
export function SimulatorIndexPage() {
  const { t } = useTranslation();
  const connections = useConnections({ silent: true });
  const api = connections.data?.find((item) => item.kind === "api");
  return (
    <Page title={t("pages.simulator")} narrow>
      <QueryState isPending={connections.isPending} error={connections.error} onRetry={() => void connections.refetch()} />
      {connections.data && !api && (
        <Alert
          severity="info"
          action={
            <Button component={RouterLink} to={paths.newConnection} color="inherit" size="small">
              {t("connections.add")}
            </Button>
          }
        >
          {t("connections.sim.noApiConnection")}
        </Alert>
      )}
      {api && <Navigate to={paths.connectionSimulator.href(api.id)} replace />}
    </Page>
  );
}
