import type { Ticket } from "@atendo/contracts";
import AutoAwesome from "@mui/icons-material/AutoAwesomeOutlined";
import IconButton from "@mui/material/IconButton";
import Tooltip from "@mui/material/Tooltip";
import { useState } from "react";
import { lazyDialog } from "../../../components/lazy-dialog";
import { loadPageTexts, useTranslation } from "../../../lib/i18n";
import { useAssistantOn } from "../hooks/use-assistant-on";
import type { AssistantDraft } from "./assistant-menu";

// The menu, its dialogs and their texts download the first time the button is pressed.
const AssistantMenu = lazyDialog(
  () => Promise.all([import("./assistant-menu"), loadPageTexts()]).then(([module]) => module.AssistantMenu),
  (props: AssistantDraft & { anchor: HTMLElement | null; onClose(): void }) => props.anchor !== null,
);

/** The composer's assistant button (decision 0094), shown only where the ticket may use it. */
export function AssistantButton({ ticket, ...draft }: Omit<AssistantDraft, "ticketId"> & { ticket: Ticket }) {
  const { t } = useTranslation();
  const on = useAssistantOn(ticket);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  if (!on) return null;
  return (
    <>
      <Tooltip title={t("assistant.menu")}>
        <IconButton aria-label={t("assistant.menu")} aria-haspopup="menu" onClick={(event) => setAnchor(event.currentTarget)}>
          <AutoAwesome />
        </IconButton>
      </Tooltip>
      <AssistantMenu anchor={anchor} onClose={() => setAnchor(null)} ticketId={ticket.id} {...draft} />
    </>
  );
}
