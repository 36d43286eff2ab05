import { limits, type Message } from "@atendo/contracts";
import Typography from "@mui/material/Typography";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "../../../lib/i18n";
import { assist } from "../api/assistant.api";
import { AssistantTextDialog } from "./assistant-text-dialog";

export interface TranslateDialogProps {
  ticketId: number;
  /** The message to translate into the app's language; null: closed. */
  message: Message | null;
  onClose(): void;
}

/** A message's translation (decision 0094): asked once per message and language while open. */
export function TranslateDialog({ ticketId, message, onClose }: TranslateDialogProps) {
  const { t, i18n } = useTranslation();
  const body = message?.body ?? "";
  const translation = useQuery({
    queryKey: ["assistant", "translate", ticketId, message?.id, i18n.language],
    queryFn: () => assist(ticketId, { action: "translate", text: body.slice(0, limits.assistant.textMax) }),
    enabled: message !== null && body.trim() !== "",
    staleTime: Infinity,
    retry: false,
  });
  return (
    <AssistantTextDialog
      open={message !== null}
      title={t("assistantPanel.translationTitle")}
      source={
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2, whiteSpace: "pre-wrap", overflowWrap: "anywhere", borderLeft: 3, borderColor: "divider", pl: 1.5 }}>
          {body}
        </Typography>
      }
      text={translation.data?.text}
      failed={translation.isError}
      onClose={onClose}
    />
  );
}
