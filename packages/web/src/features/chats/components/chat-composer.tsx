import { layout } from "@atendo/contracts";
import AttachFile from "@mui/icons-material/AttachFile";
import SendIcon from "@mui/icons-material/Send";
import Box from "@mui/material/Box";
import IconButton from "@mui/material/IconButton";
import InputBase from "@mui/material/InputBase";
import Stack from "@mui/material/Stack";
import Tooltip from "@mui/material/Tooltip";
import { useRef, useState, type ClipboardEvent, type KeyboardEvent } from "react";
import { useTranslation } from "react-i18next";
import { AttachmentTray, useAttachments } from "../../messages";
import { useSendChatMessage } from "../hooks/use-chat-actions";

/** The chat's input (participants only): Enter sends, blank text is not sent, files attach or paste. */
export function ChatComposer({ chatId }: { chatId: number }) {
  const { t } = useTranslation();
  const [text, setText] = useState("");
  const input = useRef<HTMLTextAreaElement>(null);
  const filePicker = useRef<HTMLInputElement>(null);
  const attachments = useAttachments();
  const send = useSendChatMessage(chatId);
  const body = text.trim();
  const hasContent = body !== "" || attachments.files.length > 0;

  const submit = () => {
    if (!hasContent || send.isPending) return;
    send.mutate(
      { text: body, files: attachments.files },
      {
        onSuccess: () => {
          setText("");
          attachments.clear();
          input.current?.focus();
        },
      },
    );
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.nativeEvent.isComposing || event.key !== "Enter" || event.shiftKey) return;
    event.preventDefault();
    submit();
  };
  const onPaste = (event: ClipboardEvent) => {
    const files = [...event.clipboardData.files];
    if (files.length === 0) return;
    event.preventDefault();
    attachments.add(files);
  };

  return (
    <Box component="section" aria-label={t("chats.composer.label")} sx={{ borderTop: 1, borderColor: "divider", bgcolor: "background.paper" }}>
      <AttachmentTray files={attachments.files} onRemove={attachments.remove} />
      <Stack direction="row" spacing={0.5} sx={{ alignItems: "flex-end", p: 1 }}>
        <Tooltip title={t("chats.composer.attach")}>
          <IconButton onClick={() => filePicker.current?.click()} aria-label={t("chats.composer.attach")}>
            <AttachFile />
          </IconButton>
        </Tooltip>
        <input
          ref={filePicker}
          type="file"
          multiple
          hidden
          data-testid="chat-file-input"
          onChange={(event) => {
            attachments.add([...(event.target.files ?? [])]);
            event.target.value = "";
          }}
        />
        <InputBase
          inputRef={input}
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
          onPaste={onPaste}
          multiline
          maxRows={layout.inputMaxRows}
          placeholder={t("chats.composer.placeholder")}
          inputProps={{ "aria-label": t("chats.composer.label") }}
          sx={{ flex: 1, px: 1.5, py: 1, bgcolor: "action.hover", borderRadius: 3, fontSize: "0.95rem" }}
        />
        <IconButton color="primary" onClick={submit} disabled={!hasContent || send.isPending} aria-label={t("chats.composer.send")}>
          <SendIcon />
        </IconButton>
      </Stack>
    </Box>
  );
}
