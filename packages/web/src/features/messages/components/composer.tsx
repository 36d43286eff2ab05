import type { QuickAnswer } from "@atendo/contracts";
import { layout, timing } from "@atendo/contracts";
import AttachFile from "@mui/icons-material/AttachFile";
import Mic from "@mui/icons-material/Mic";
import SendIcon from "@mui/icons-material/Send";
import Box from "@mui/material/Box";
import IconButton from "@mui/material/IconButton";
import InputBase from "@mui/material/InputBase";
import Snackbar from "@mui/material/Snackbar";
import Stack from "@mui/material/Stack";
import Tooltip from "@mui/material/Tooltip";
import Typography from "@mui/material/Typography";
import { useId, useRef, useState, type ClipboardEvent, type KeyboardEvent, type ReactNode } from "react";
import { useTranslation } from "../../../lib/i18n";
import type { UploadTransfer } from "../../../lib/http";
import { toast } from "../../../lib/toast";
import { useShortcutActions } from "../../shortcuts";
import { useAttachments } from "../hooks/use-attachments";
import { useAudioRecorder } from "../hooks/use-audio-recorder";
import { useQuickAnswerPicker } from "../hooks/use-quick-answer-picker";
import { useUploadProgress } from "../hooks/use-upload-progress";
import { insertAtCaret } from "../lib/insert-at-caret";
import { messageLength } from "../lib/message-length";
import { AttachmentTray } from "./attachment-tray";
import { EmojiButton } from "./emoji-button";
import { MessageLengthNote } from "./message-length-note";
import { QuickAnswerSuggestions, suggestionId } from "./quick-answer-suggestions";
import { RecorderBar } from "./recorder-bar";
import { ReplyBar } from "./reply-bar";
import { UploadProgressBar } from "./upload-progress-bar";

/** What the composer hands over: the text to send (null when only files go) and the files. */
export interface ComposerDraft {
  text: string | null;
  files: readonly File[];
  /** With files: the progress bar and Cancel button above the input follow and stop their upload. */
  transfer?: UploadTransfer;
}

export interface ComposerProps {
  /** Names the composer's region and its input. */
  label: string;
  placeholder: string;
  /** Why the user may not write here (shown in and under the input); null when they may. */
  disabledReason: string | null;
  sending: boolean;
  /** Resolves once sent: the input, the files and the reply are cleared then (kept on failure). */
  onSend(draft: ComposerDraft): Promise<unknown>;
  /** The message being answered: its quote above the input, with a cancel button (Esc too). */
  reply: { quote: ReactNode; onCancel(): void } | null;
  /** Turns the typed text into what is sent (e.g. signs it); null for nothing to send. */
  prepareText?(text: string): string | null;
  /** More buttons after the attach button (the ticket's signature toggle). */
  tools?: ReactNode;
  /** Buttons that read and replace what is typed (the ticket's assistant); `replace` never sends. */
  draftTools?: (text: string, replace: (text: string) => void) => ReactNode;
  /** A button before send that takes what is typed elsewhere ("Send later"), and clears it once taken. */
  later?: (text: string, clear: () => void) => ReactNode;
}

function trimmed(text: string): string | null {
  return text.trim() || null;
}

/** Alt+M from anywhere on the page puts the caret in the composer ("/" belongs to quick answers). */
export const focusComposerShortcut = "Alt+M";

/**
 * The message input of tickets and internal chats (spec §2): Enter sends and Shift+Enter breaks
 * the line, blank text is not sent, "/" looks up quick answers, files attach by the button or by
 * pasting, emoji from the picker go in at the caret, and with nothing typed the send button
 * records audio instead.
 */
export function Composer({ label, placeholder, disabledReason, sending, onSend, reply, prepareText = trimmed, tools, draftTools, later }: ComposerProps) {
  const { t } = useTranslation();
  const canWrite = disabledReason === null;
  const [text, setText] = useState("");
  const input = useRef<HTMLTextAreaElement>(null);
  const filePicker = useRef<HTMLInputElement>(null);
  const listId = useId();
  const lengthId = useId();
  const attachments = useAttachments();
  const upload = useUploadProgress();
  const picker = useQuickAnswerPicker(text, (answer: QuickAnswer) => {
    setText(answer.message);
    input.current?.focus();
  });
  // Alt+M (features/shortcuts): only while the input takes text.
  useShortcutActions({ focusComposer: canWrite ? () => input.current?.focus() : null });
  const recorder = useAudioRecorder((file) => void onSend({ text: null, files: [file] }).catch(() => undefined));

  // Counted as it will be sent (trimmed, signed): the server refuses a longer body.
  const prepared = prepareText(text);
  const length = messageLength(prepared);

  const submit = () => {
    if (!canWrite || sending || length.over > 0) return;
    const body = prepared;
    if (!body && attachments.files.length === 0) return;
    const transfer = attachments.files.length > 0 ? upload.start() : undefined;
    onSend({ text: body, files: attachments.files, transfer }).then(
      () => {
        upload.finish();
        setText("");
        attachments.clear();
        reply?.onCancel();
        input.current?.focus();
      },
      // Shown by the mutation's error handler (a cancel is not an error: said here); what was typed
      // and attached stays for another try.
      () => {
        if (transfer && upload.finish().cancelled) toast.info(t("messages.upload.cancelled"));
      },
    );
  };

  const addEmoji = (emoji: string) => {
    const field = input.current;
    const next = insertAtCaret(text, emoji, field?.selectionStart ?? null, field?.selectionEnd ?? null);
    setText(next.text);
    // After React writes the value: the caret goes after the emoji, ready for the next one or for typing.
    requestAnimationFrame(() => field?.setSelectionRange(next.caret, next.caret));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.nativeEvent.isComposing) return;
    if (picker.onKeyDown(event)) {
      event.preventDefault();
      return;
    }
    if (event.key === "Escape" && reply) reply.onCancel();
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

  return (
    <Box component="section" aria-label={label} sx={{ borderTop: 1, borderColor: "divider", bgcolor: "background.paper", position: "relative" }}>
      {canWrite && reply && <ReplyBar onCancel={reply.onCancel}>{reply.quote}</ReplyBar>}
      {canWrite && <AttachmentTray files={attachments.files} onRemove={attachments.remove} />}
      {upload.progress && <UploadProgressBar progress={upload.progress} onCancel={upload.cancel} />}
      {canWrite && picker.open && <QuickAnswerSuggestions id={listId} options={picker.options} activeIndex={picker.activeIndex} onChoose={picker.choose} />}
      <Stack direction="row" spacing={0.5} sx={{ alignItems: "flex-end", p: 1 }}>
        {recorder.phase !== "idle" ? (
          <RecorderBar phase={recorder.phase} seconds={recorder.seconds} sending={sending} onSend={recorder.send} onCancel={recorder.cancel} />
        ) : (
          <>
            <EmojiButton disabled={!canWrite} onPick={addEmoji} />
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
            {tools}
            {draftTools?.(canWrite ? text : "", (next) => {
              setText(next);
              input.current?.focus();
            })}
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
              placeholder={disabledReason ?? placeholder}
              inputProps={{
                "aria-label": label,
                role: picker.open ? "combobox" : undefined,
                "aria-expanded": picker.open ? true : undefined,
                "aria-controls": picker.open ? listId : undefined,
                "aria-activedescendant": picker.open ? suggestionId(listId, picker.activeIndex) : undefined,
                "aria-autocomplete": "list",
                "aria-keyshortcuts": focusComposerShortcut,
                "aria-describedby": length.shown ? lengthId : undefined,
                "aria-invalid": length.over > 0 ? true : undefined,
              }}
              sx={{ flex: 1, px: 1.5, py: 1, bgcolor: canWrite ? "action.hover" : "action.disabledBackground", borderRadius: 3, fontSize: "0.95rem" }}
            />
            {later?.(canWrite ? text : "", () => setText(""))}
            {hasContent || !canWrite ? (
              <IconButton color="primary" onClick={submit} disabled={!canWrite || !hasContent || sending || length.over > 0} aria-label={t("messages.composer.send")}>
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
      {canWrite && <MessageLengthNote id={lengthId} status={length} />}
      {disabledReason !== null && (
        <Typography variant="caption" color="text.secondary" sx={{ display: "block", px: 2, pb: 1, mt: -0.5 }}>
          {disabledReason}
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
