import type { Message, QuickAnswer, Ticket } from "@atendo/contracts";
import { layout, timing } from "@atendo/contracts";
import AttachFile from "@mui/icons-material/AttachFile";
import DrawOutlined from "@mui/icons-material/DrawOutlined";
import Mic from "@mui/icons-material/Mic";
import SendIcon from "@mui/icons-material/Send";
import Box from "@mui/material/Box";
import IconButton from "@mui/material/IconButton";
import InputBase from "@mui/material/InputBase";
import Snackbar from "@mui/material/Snackbar";
import Stack from "@mui/material/Stack";
import Tooltip from "@mui/material/Tooltip";
import Typography from "@mui/material/Typography";
import { useId, useRef, useState, type ClipboardEvent, type KeyboardEvent } from "react";
import { useTranslation } from "react-i18next";
import { useCurrentUser } from "../../../lib/session";
import { useAttachments } from "../hooks/use-attachments";
import { useAudioRecorder } from "../hooks/use-audio-recorder";
import { useSendMessage } from "../hooks/use-message-actions";
import { useQuickAnswerPicker } from "../hooks/use-quick-answer-picker";
import { useSignatureOption } from "../hooks/use-signature";
import { outgoingText } from "../lib/signature";
import { AttachmentTray } from "./attachment-tray";
import { QuickAnswerSuggestions, suggestionId } from "./quick-answer-suggestions";
import { RecorderBar } from "./recorder-bar";
import { ReplyBar } from "./reply-bar";

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

/** The message input of a ticket: text with "/" quick answers, files, a reply, audio. */
export function MessageComposer({ ticket, canWrite, replyTo, onClearReply }: MessageComposerProps) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const [text, setText] = useState("");
  const input = useRef<HTMLTextAreaElement>(null);
  const filePicker = useRef<HTMLInputElement>(null);
  const listId = useId();
  const attachments = useAttachments();
  const signature = useSignatureOption();
  const send = useSendMessage(ticket.id);
  const picker = useQuickAnswerPicker(text, (answer: QuickAnswer) => {
    setText(answer.message);
    input.current?.focus();
  });
  const recorder = useAudioRecorder((file) => send.mutate({ text: null, files: [file], quoted: null }));

  const submit = () => {
    if (!canWrite || send.isPending) return;
    const body = outgoingText(text, signature.on && user ? { name: user.name, extension: user.extension ?? null } : null);
    if (!body && attachments.files.length === 0) return;
    send.mutate(
      { text: body, files: attachments.files, quoted: replyTo },
      {
        onSuccess: () => {
          setText("");
          attachments.clear();
          onClearReply();
          input.current?.focus();
        },
      },
    );
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.nativeEvent.isComposing) return;
    if (picker.onKeyDown(event)) {
      event.preventDefault();
      return;
    }
    if (event.key === "Escape" && replyTo) onClearReply();
    if (event.key === "Enter" && !event.shiftKey) {
      event.preventDefault();
      submit();
    }
  };

  const onPaste = (event: ClipboardEvent) => {
    const files = [...event.clipboardData.files];
    if (files.length === 0 || !canWrite) return;
    event.preventDefault();
    attachments.add(files);
  };

  const hasContent = text.trim() !== "" || attachments.files.length > 0;
  const recording = recorder.phase !== "idle";

  return (
    <Box component="section" aria-label={t("messages.composer.label")} sx={{ borderTop: 1, borderColor: "divider", bgcolor: "background.paper", position: "relative" }}>
      {canWrite && replyTo && <ReplyBar message={replyTo} contactName={ticket.contact.name} onCancel={onClearReply} />}
      {canWrite && <AttachmentTray files={attachments.files} onRemove={attachments.remove} />}
      {canWrite && picker.open && <QuickAnswerSuggestions id={listId} options={picker.options} activeIndex={picker.activeIndex} onChoose={picker.choose} />}
      <Stack direction="row" spacing={0.5} sx={{ alignItems: "flex-end", p: 1 }}>
        {recording ? (
          <RecorderBar
            phase={recorder.phase === "encoding" ? "encoding" : "recording"}
            seconds={recorder.seconds}
            sending={send.isPending}
            onSend={recorder.send}
            onCancel={recorder.cancel}
          />
        ) : (
          <>
            <Tooltip title={t("messages.composer.attach")}>
              <span>
                <IconButton onClick={() => filePicker.current?.click()} disabled={!canWrite} aria-label={t("messages.composer.attach")}>
                  <AttachFile />
                </IconButton>
              </span>
            </Tooltip>
            <input
              ref={filePicker}
              type="file"
              multiple
              hidden
              data-testid="message-file-input"
              onChange={(event) => {
                attachments.add([...(event.target.files ?? [])]);
                event.target.value = "";
              }}
            />
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
            <InputBase
              inputRef={input}
              value={canWrite ? text : ""}
              onChange={(event) => {
                setText(event.target.value);
                picker.resetActive();
              }}
              onKeyDown={onKeyDown}
              onPaste={onPaste}
              disabled={!canWrite}
              multiline
              maxRows={layout.inputMaxRows}
              placeholder={canWrite ? t("messages.composer.placeholder") : t(disabledReason(ticket))}
              inputProps={{
                "aria-label": t("messages.composer.label"),
                role: picker.open ? "combobox" : undefined,
                "aria-expanded": picker.open ? true : undefined,
                "aria-controls": picker.open ? listId : undefined,
                "aria-activedescendant": picker.open ? suggestionId(listId, picker.activeIndex) : undefined,
                "aria-autocomplete": "list",
              }}
              sx={{ flex: 1, px: 1.5, py: 1, bgcolor: canWrite ? "action.hover" : "action.disabledBackground", borderRadius: 3, fontSize: "0.95rem" }}
            />
            {hasContent || !canWrite ? (
              <IconButton color="primary" onClick={submit} disabled={!canWrite || !hasContent || send.isPending} aria-label={t("messages.composer.send")}>
                <SendIcon />
              </IconButton>
            ) : (
              <IconButton color="primary" onClick={recorder.start} aria-label={t("messages.recorder.start")}>
                <Mic />
              </IconButton>
            )}
          </>
        )}
      </Stack>
      {!canWrite && (
        <Typography variant="caption" color="text.secondary" sx={{ display: "block", px: 2, pb: 1, mt: -0.5 }}>
          {t(disabledReason(ticket))}
        </Typography>
      )}
      <Snackbar
        open={attachments.oversize > 0}
        autoHideDuration={timing.snackbarMs}
        onClose={attachments.dismissOversize}
        message={t("messages.composer.oversize", { count: attachments.oversize })}
      />
    </Box>
  );
}
