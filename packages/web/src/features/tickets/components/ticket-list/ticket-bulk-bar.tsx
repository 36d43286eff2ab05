import { can, type TicketBulkBody } from "@atendo/contracts";
import CloseIcon from "@mui/icons-material/Close";
import DoneAllIcon from "@mui/icons-material/DoneAll";
import HowToRegIcon from "@mui/icons-material/HowToReg";
import LabelOffIcon from "@mui/icons-material/LabelOff";
import NewLabelIcon from "@mui/icons-material/NewLabel";
import ReplayIcon from "@mui/icons-material/Replay";
import SwapHorizIcon from "@mui/icons-material/SwapHoriz";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Checkbox from "@mui/material/Checkbox";
import IconButton from "@mui/material/IconButton";
import LinearProgress from "@mui/material/LinearProgress";
import Typography from "@mui/material/Typography";
import { useState, type ReactElement } from "react";
import { Tooltip } from "../../../../components/tooltip";
import { errorMessage } from "../../../../lib/error-message";
import { loadErrorTexts, useTranslation } from "../../../../lib/i18n";
import { useCurrentUser } from "../../../../lib/session";
import { TagPickerDialog } from "../../../tags";
import { bulkSummary } from "../../hooks/bulk-summary";
import { useTicketBulk } from "../../hooks/use-ticket-bulk";
import { BulkTransferDialog } from "../ticket-view/transfer-dialog";

/** A bulk body without its tickets (distributed over the actions). */
type BulkFields = TicketBulkBody extends infer Body ? (Body extends unknown ? Omit<Body, "ticketIds"> : never) : never;
type Dialog = "transfer" | "tag" | "untag" | null;

interface TicketBulkBarProps {
  /** The selected tickets still loaded, in the list's order. */
  selectedIds: number[];
  /** Every row loaded is selected / some are. */
  allSelected: boolean;
  someSelected: boolean;
  onToggleAll: () => void;
  onExit: () => void;
}

/**
 * Above the rows while selecting (docs/decisions/0077): select all loaded, the count, the actions
 * (each as an icon with its name, so the bar fits a 360 px phone on one or two lines), then what
 * the last action did, refusals grouped by reason. Each action acts on the selection as it is.
 */
export function TicketBulkBar({ selectedIds, allSelected, someSelected, onToggleAll, onExit }: TicketBulkBarProps) {
  const { t } = useTranslation();
  const me = useCurrentUser();
  const bulk = useTicketBulk();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [summary, setSummary] = useState<{ text: string; refused: boolean } | null>(null);
  const count = selectedIds.length;

  async function run(body: BulkFields): Promise<void> {
    setSummary(null);
    try {
      const { results } = await bulk.mutateAsync({ ...body, ticketIds: selectedIds } as TicketBulkBody);
      // The refusals are told in the error catalogue's words (downloaded with the first error).
      if (results.some((outcome) => outcome.result === "refused")) await loadErrorTexts().catch(() => undefined);
      setSummary({ text: bulkSummary(results, t), refused: results.some((outcome) => outcome.result === "refused") });
    } catch (error) {
      setSummary({ text: errorMessage(error), refused: true });
      throw error;
    }
  }
  const act = (body: BulkFields) => () => void run(body).catch(() => undefined);

  const button = (label: string, icon: ReactElement, onClick: () => void) => (
    <Tooltip title={label}>
      <span>
        <IconButton size="small" aria-label={label} onClick={onClick} disabled={count === 0 || bulk.isPending}>
          {icon}
        </IconButton>
      </span>
    </Tooltip>
  );

  return (
    <Box role="region" aria-label={t("bulk.actions")} sx={{ borderBottom: 1, borderColor: "divider", bgcolor: "action.hover" }}>
      <Box sx={{ display: "flex", alignItems: "center", flexWrap: "wrap", columnGap: 0.25, px: 0.5, py: 0.25 }}>
        <Checkbox
          size="small"
          checked={allSelected}
          indeterminate={someSelected && !allSelected}
          onChange={onToggleAll}
          // MUI only draws "some selected" and says aria-checked="mixed"; the input's own state must
          // agree (axe: aria-conditional-attr), and assistive technology reads it from there.
          inputRef={(input: HTMLInputElement | null) => {
            if (input) input.indeterminate = someSelected && !allSelected;
          }}
          slotProps={{ input: { "aria-label": t("bulk.selectAll") } }}
        />
        <Typography variant="body2" role="status" sx={{ flex: 1, minWidth: "6em", fontWeight: 600 }}>
          {t("bulk.count", { count })}
        </Typography>
        <Box sx={{ display: "flex", alignItems: "center" }}>
          {button(t("bulk.accept"), <HowToRegIcon fontSize="small" />, act({ action: "accept" }))}
          {button(t("bulk.transfer"), <SwapHorizIcon fontSize="small" />, () => setDialog("transfer"))}
          {button(t("bulk.close"), <DoneAllIcon fontSize="small" />, act({ action: "close" }))}
          {button(t("bulk.reopen"), <ReplayIcon fontSize="small" />, act({ action: "reopen" }))}
          {button(t("bulk.tag"), <NewLabelIcon fontSize="small" />, () => setDialog("tag"))}
          {button(t("bulk.untag"), <LabelOffIcon fontSize="small" />, () => setDialog("untag"))}
          <Tooltip title={t("bulk.stopSelecting")}>
            <IconButton size="small" aria-label={t("bulk.stopSelecting")} onClick={onExit}>
              <CloseIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        </Box>
      </Box>
      {bulk.isPending && <LinearProgress aria-label={t("bulk.working", { count })} />}
      {summary && (
        <Alert
          severity={summary.refused ? "warning" : "success"}
          role="status"
          onClose={() => setSummary(null)}
          slotProps={{ closeButton: { "aria-label": t("bulk.dismiss") } }}
          sx={{ mx: 1, mb: 1, py: 0, overflowWrap: "anywhere" }}
        >
          {summary.text}
        </Alert>
      )}
      <BulkTransferDialog
        open={dialog === "transfer"}
        count={count}
        withConnection={me !== null && can(me.profile, "ticket-options:transferConnection")}
        onClose={() => setDialog(null)}
        onSubmit={(fields) => run(fields)}
      />
      <TagPickerDialog
        open={dialog === "tag" || dialog === "untag"}
        title={t(dialog === "untag" ? "bulk.untagTitle" : "bulk.tagTitle", { count })}
        value={[]}
        onSave={(tagIds: number[]) => (tagIds.length === 0 ? Promise.resolve() : run({ action: dialog === "untag" ? "untag" : "tag", tagIds }))}
        onClose={() => setDialog(null)}
      />
    </Box>
  );
}

interface BulkRowCheckboxProps {
  checked: boolean;
  label: string;
  /** With the shift key of the click, from the mouse or from Space. */
  onToggle: (shiftKey: boolean) => void;
}

/** A row's checkbox while selecting; downloaded with the bar, not with the list. */
export function BulkRowCheckbox({ checked, label, onToggle }: BulkRowCheckboxProps) {
  return (
    <Checkbox
      size="small"
      checked={checked}
      // The click, not the change: it carries the shift key, from the mouse or from Space.
      onClick={(event) => onToggle(event.shiftKey)}
      slotProps={{ input: { "aria-label": label } }}
    />
  );
}
