import type { AssistantAction } from "@atendo/contracts";
import ListItemText from "@mui/material/ListItemText";
import Menu from "@mui/material/Menu";
import MenuItem from "@mui/material/MenuItem";
import Snackbar from "@mui/material/Snackbar";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "../../../lib/i18n";
import { assist } from "../api/assistant.api";
import { AssistantTextDialog } from "./assistant-text-dialog";

export interface AssistantDraft {
  ticketId: number;
  /** Whether the user may write in the ticket: suggesting and improving fill the composer. */
  canWrite: boolean;
  /** What the composer holds, and how the assistant's text replaces it (never sent from here). */
  draft: string;
  onDraft(text: string): void;
}

interface AssistantMenuProps extends AssistantDraft {
  anchor: HTMLElement | null;
  onClose(): void;
}

/**
 * Summarise (a dialog), suggest a reply and improve the draft (both fill the composer for the
 * attendant to edit and send: nothing is sent from here). Failures show the catalogued error.
 */
export function AssistantMenu({ anchor, onClose, ticketId, canWrite, draft, onDraft }: AssistantMenuProps) {
  const { t } = useTranslation();
  const [summaryOpen, setSummaryOpen] = useState(false);
  const summary = useMutation({ mutationFn: () => assist(ticketId, { action: "summarize" }) });
  const writing = useMutation({
    mutationFn: (action: Extract<AssistantAction, "suggestReply" | "improve">) => assist(ticketId, action === "improve" ? { action, text: draft } : { action }),
    onSuccess: (answer) => onDraft(answer.text),
  });
  const run = (action: () => void) => () => {
    onClose();
    action();
  };
  return (
    <>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={onClose}>
        <MenuItem
          onClick={run(() => {
            setSummaryOpen(true);
            summary.mutate();
          })}
        >
          <ListItemText>{t("assistantPanel.summarize")}</ListItemText>
        </MenuItem>
        <MenuItem disabled={!canWrite || writing.isPending} onClick={run(() => writing.mutate("suggestReply"))}>
          <ListItemText>{t("assistantPanel.suggestReply")}</ListItemText>
        </MenuItem>
        <MenuItem disabled={!canWrite || writing.isPending || draft.trim() === ""} onClick={run(() => writing.mutate("improve"))}>
          <ListItemText secondary={draft.trim() === "" ? t("assistantPanel.improveHint") : undefined}>{t("assistantPanel.improve")}</ListItemText>
        </MenuItem>
      </Menu>
      <AssistantTextDialog
        open={summaryOpen}
        title={t("assistantPanel.summaryTitle")}
        text={summary.data?.text}
        failed={summary.isError}
        onClose={() => setSummaryOpen(false)}
      />
      <Snackbar open={writing.isPending} message={t("assistantPanel.working")} />
    </>
  );
}
