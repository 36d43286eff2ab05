import type { Tag, Ticket } from "@atendo/contracts";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import CircularProgress from "@mui/material/CircularProgress";
import Typography from "@mui/material/Typography";
import { useTranslation } from "../../../../lib/i18n";
import { flattenPages } from "../../../../lib/paged-cache";
import { TagChip } from "../../../tags";
import type { BoardColumnFilter, BoardColumnId } from "../hooks/board-rules";
import { useBoardColumn } from "../hooks/use-board-column";
import type { useBoardDrag } from "../hooks/use-board-drag";
import { BoardCard } from "./board-card";

interface BoardColumnProps {
  filter: BoardColumnFilter;
  /** The column's label; undefined for "No label". */
  tag: Tag | undefined;
  board: ReturnType<typeof useBoardDrag>;
  instructionsId: string;
}

/** The column's name as the screen reader and the announcements say it. */
export function useColumnName() {
  const { t } = useTranslation();
  return (tag: Tag | undefined) => tag?.name ?? t("board.noLabel");
}

/** One column: its label, its cards (newest activity first) and "Load more". */
export function BoardColumn({ filter, tag, board, instructionsId }: BoardColumnProps) {
  const { t } = useTranslation();
  const name = useColumnName()(tag);
  const query = useBoardColumn(filter);
  const tickets: Ticket[] = flattenPages(query.data, "tickets");
  const { drag, cardProps } = board;
  const target = drag !== null && drag.over === filter.column && drag.from !== filter.column;
  const headingId = `board-column-${String(filter.column)}`;
  return (
    <Box
      component="section"
      aria-labelledby={headingId}
      data-board-column={String(filter.column satisfies BoardColumnId)}
      sx={{
        flex: "0 0 auto",
        width: { xs: "min(300px, calc(100vw - 48px))", sm: 300 },
        display: "flex",
        flexDirection: "column",
        minHeight: 0,
        borderRadius: 2,
        bgcolor: target ? "action.selected" : "action.hover",
        outline: target ? "2px dashed" : "none",
        outlineColor: "primary.main",
      }}
    >
      <Box sx={{ display: "flex", alignItems: "center", gap: 1, p: 1.5, pb: 1 }}>
        <Typography id={headingId} component="h2" variant="subtitle2" sx={{ display: "flex", minWidth: 0 }}>
          {tag ? <TagChip tag={tag} /> : name}
        </Typography>
        <Typography variant="caption" color="text.secondary" sx={{ ml: "auto" }}>
          {query.hasNextPage ? `${tickets.length}+` : tickets.length}
        </Typography>
      </Box>
      <Box component="ul" sx={{ listStyle: "none", m: 0, p: 1, pt: 0, display: "grid", gap: 1, overflowY: "auto", alignContent: "start", flex: 1 }}>
        {tickets.map((ticket) => (
          <li key={ticket.id}>
            <BoardCard ticket={ticket} lifted={drag?.ticket.id === ticket.id && drag.from === filter.column} instructionsId={instructionsId} {...cardProps(ticket, filter.column)} />
          </li>
        ))}
        {query.isPending && (
          <Box component="li" sx={{ display: "grid", placeItems: "center", py: 2 }}>
            <CircularProgress size={24} aria-label={t("common.loading")} />
          </Box>
        )}
        {query.isSuccess && tickets.length === 0 && (
          <Typography component="li" variant="body2" color="text.secondary" sx={{ p: 1 }}>
            {t("board.emptyColumn")}
          </Typography>
        )}
        {query.isError && (
          <Typography component="li" variant="body2" color="error" sx={{ p: 1 }}>
            {t("board.loadFailed")}
          </Typography>
        )}
        {query.hasNextPage && (
          <li>
            <Button fullWidth size="small" onClick={() => void query.fetchNextPage()} loading={query.isFetchingNextPage}>
              {t("board.loadMore")}
            </Button>
          </li>
        )}
      </Box>
    </Box>
  );
}
