import type { Message, Ticket } from "@atendo/contracts";
import DrawOutlined from "@mui/icons-material/DrawOutlined";
import Button from "@mui/material/Button";
import IconButton from "@mui/material/IconButton";
import Stack from "@mui/material/Stack";
import { useState } from "react";
import { lazyDialog } from "../../../components/lazy-dialog";
import { loadPageTexts, useTranslation } from "../../../lib/i18n";
import Tooltip from "@mui/material/Tooltip";
import { useCurrentUser } from "../../../lib/session";
import { AssistantButton } from "../../assistant";
import { SendLaterButton } from "../../schedules";
import { useSendMessage } from "../hooks/use-message-actions";
import { useServiceWindowClosed } from "../hooks/use-service-window";
import { useSignatureOption } from "../hooks/use-signature";
import { outgoingText } from "../lib/signature";
import { Composer } from "./composer";
import { QuotedBlock } from "./quoted-block";

export interface MessageComposerProps {
  ticket: Ticket;
  canWrite: boolean;
  replyTo: Message | null;
  onClearReply(): void;
}

/** Why the input is closed to this user (spec §2: only the open ticket's attendant writes). */
function disabledReason(ticket: Ticket): string {
  if (ticket.status === "pending") return "messages.composer.disabled.pending";
  if (ticket.status === "closed") return "messages.composer.disabled.closed";
  return "messages.composer.disabled.notYours";
}

// The template dialog and its texts download the first time it opens: the ticket screen carries neither.
const TemplateDialog = lazyDialog(
  () => Promise.all([import("./template-dialog"), loadPageTexts()]).then(([module]) => module.TemplateDialog),
  (props) => props.open,
);

/**
 * A WhatsApp Cloud API ticket whose 24-hour window closed (decision 0089): no free text, only an
 * approved template, chosen and filled in the dialog.
 */
function TemplateOnly({ ticket, canWrite }: { ticket: Ticket; canWrite: boolean }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <Stack direction="row" spacing={2} sx={{ p: 2, alignItems: "center", borderTop: 1, borderColor: "divider" }}>
      <span style={{ flex: 1 }}>{t("cloudTemplates.windowClosed")}</span>
      <Button variant="contained" disabled={!canWrite || ticket.whatsappId === null} onClick={() => setOpen(true)}>
        {t("cloudTemplates.send")}
      </Button>
      <TemplateDialog open={open} ticketId={ticket.id} connectionId={ticket.whatsappId ?? 0} onClose={() => setOpen(false)} />
    </Stack>
  );
}

/** The composer of a ticket: sent text carries the attendant's signature unless they turn it off. */
export function MessageComposer(props: MessageComposerProps) {
  return useServiceWindowClosed(props.ticket.id) ? <TemplateOnly ticket={props.ticket} canWrite={props.canWrite} /> : <TextComposer {...props} />;
}

function TextComposer({ ticket, canWrite, replyTo, onClearReply }: MessageComposerProps) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const signature = useSignatureOption();
  const send = useSendMessage(ticket.id);
  const signer = signature.on && user ? { name: user.name, extension: user.extension ?? null } : null;
  return (
    <Composer
      label={t("messages.composer.label")}
      placeholder={t("messages.composer.placeholder")}
      disabledReason={canWrite ? null : t(disabledReason(ticket))}
      sending={send.isPending}
      onSend={(draft) => send.mutateAsync({ ...draft, quoted: replyTo })}
      reply={replyTo && { quote: <QuotedBlock quoted={replyTo} contactName={ticket.contact.name} />, onCancel: onClearReply }}
      prepareText={(text) => outgoingText(text, signer)}
      // Whoever sees the conversation may schedule a message to its contact, even when they cannot reply now (a closed ticket's follow-up).
      later={(text, clear) => ticket.contact && <SendLaterButton contactId={ticket.contact.id} whatsappId={ticket.whatsappId} text={text} onScheduled={clear} />}
      draftTools={(text, replace) => <AssistantButton ticket={ticket} canWrite={canWrite} draft={text} onDraft={replace} />}
      tools={
        <Tooltip title={t(signature.on ? "messages.composer.signatureOn" : "messages.composer.signatureOff")}>
          <span>
            <IconButton
              onClick={signature.toggle}
              disabled={!canWrite}
              aria-pressed={signature.on}
              aria-label={t("messages.composer.signature")}
              color={signature.on ? "primary" : "default"}
            >
              <DrawOutlined />
            </IconButton>
          </span>
        </Tooltip>
      }
    />
  );
}
