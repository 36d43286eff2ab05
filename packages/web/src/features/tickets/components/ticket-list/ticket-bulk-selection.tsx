import type { Ticket } from "@atendo/contracts";
import ChecklistIcon from "@mui/icons-material/Checklist";
import Box from "@mui/material/Box";
import IconButton from "@mui/material/IconButton";
import { lazy, Suspense, useState, type ReactNode } from "react";
import { importOrReloadOnce } from "../../../../app/reload-once";
import { lazyDialog } from "../../../../components/lazy-dialog";
import { Tooltip } from "../../../../components/tooltip";
import { useTranslation } from "../../../../lib/i18n";
import { noSelection, selectedInOrder, toggleAll, toggleRow, type TicketSelection } from "../../hooks/ticket-selection";

// The bar (its transfer form, zod, the label picker) downloads when selecting starts, not with the
// list: the tickets route's budget (docs/decisions/0043).
const TicketBulkBar = lazyDialog(() => import("./ticket-bulk-bar").then((module) => module.TicketBulkBar), () => true);
const BulkRowCheckbox = lazy(async () => ({ default: await importOrReloadOnce(() => import("./ticket-bulk-bar").then((module) => module.BulkRowCheckbox)) }));

/**
 * Selecting tickets of the list for a bulk action (docs/decisions/0077): a toggle beside the
 * filters starts it; then each row has a checkbox (beside the row's link, never inside it), a
 * shift-click selects a range, and the bar above the rows acts on the selection. The selection
 * counts only rows still loaded, so a ticket that leaves the list leaves it too.
 */
export function useTicketBulkSelection(tickets: readonly Ticket[]) {
  const { t } = useTranslation();
  const [selecting, setSelecting] = useState(false);
  const [selection, setSelection] = useState<TicketSelection>(noSelection);
  const order = tickets.map((ticket) => ticket.id);
  const selectedIds = selectedInOrder(selection, order);

  function stop(): void {
    setSelecting(false);
    setSelection(noSelection);
  }

  const tool = (
    <Tooltip title={t(selecting ? "bulk.stopSelecting" : "bulk.select")}>
      <IconButton aria-label={t("bulk.select")} aria-pressed={selecting} color={selecting ? "primary" : "default"} onClick={() => (selecting ? stop() : setSelecting(true))}>
        <ChecklistIcon />
      </IconButton>
    </Tooltip>
  );

  const bar = selecting && (
    <TicketBulkBar
      selectedIds={selectedIds}
      allSelected={order.length > 0 && selectedIds.length === order.length}
      someSelected={selectedIds.length > 0}
      onToggleAll={() => setSelection((current) => toggleAll(current, order))}
      onExit={stop}
    />
  );

  function renderRow(ticket: Ticket, row: ReactNode): ReactNode {
    if (!selecting) return row;
    return (
      <Box sx={{ display: "flex", alignItems: "stretch" }}>
        <Box sx={{ display: "flex", alignItems: "center", pl: 0.5, borderBottom: 1, borderColor: "divider" }}>
          {/* Until the checkbox has downloaded, its place is kept (a small checkbox is 38 px wide). */}
          <Suspense fallback={<Box sx={{ width: 38 }} />}>
            <BulkRowCheckbox
              checked={selection.ids.has(ticket.id)}
              label={t("bulk.selectRow", { name: ticket.contact.name })}
              onToggle={(shiftKey) => setSelection((current) => toggleRow(current, order, ticket.id, shiftKey))}
            />
          </Suspense>
        </Box>
        <Box sx={{ flex: 1, minWidth: 0 }}>{row}</Box>
      </Box>
    );
  }

  return { tool, bar, renderRow };
}
