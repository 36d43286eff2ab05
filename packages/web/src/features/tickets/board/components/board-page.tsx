import { can, type Tag, type Ticket } from "@atendo/contracts";
import Box from "@mui/material/Box";
import FormControlLabel from "@mui/material/FormControlLabel";
import Paper from "@mui/material/Paper";
import Switch from "@mui/material/Switch";
import Typography from "@mui/material/Typography";
import { useQueryClient } from "@tanstack/react-query";
import { useId, useMemo, useState } from "react";
import { createPortal } from "react-dom";
import { Page } from "../../../../components/page";
import { visuallyHidden } from "../../../../components/visually-hidden";
import { toastError } from "../../../../lib/error-message";
import { useTranslation } from "../../../../lib/i18n";
import { readPreference, storageKeys, writePreference } from "../../../../lib/local-storage";
import { useCurrentUser } from "../../../../lib/session";
import { useTags } from "../../../tags";
import { setTicketTags } from "../../api/ticket.api";
import { useTicketListViewer } from "../../hooks/use-ticket-list-viewer";
import { movedTagIds, readBoardColumns, writeBoardColumns, type BoardColumnId } from "../hooks/board-rules";
import { storeTicketInBoard } from "../hooks/use-board-column";
import { useBoardDrag } from "../hooks/use-board-drag";
import { useBoardLive } from "../hooks/use-board-live";
import { BoardColumn, useColumnName } from "./board-column";
import { ColumnPicker } from "./column-picker";

/** The labels this user chose as columns, remembered in this browser (docs/decisions/0075). */
function useChosenColumns(userId: number | undefined) {
  const [chosen, setChosen] = useState<number[]>(() => (userId === undefined ? [] : readBoardColumns(readPreference(storageKeys.boardColumns), userId)));
  const toggle = (tagId: number) => {
    if (userId === undefined) return;
    const next = chosen.includes(tagId) ? chosen.filter((id) => id !== tagId) : [...chosen, tagId];
    setChosen(next);
    writePreference(storageKeys.boardColumns, writeBoardColumns(readPreference(storageKeys.boardColumns), userId, next));
  };
  return { chosen, toggle };
}

/** Puts keyboard focus back on a card once it shows in the column it moved to. */
function focusCard(ticketId: number, column: BoardColumnId) {
  requestAnimationFrame(() => {
    document.querySelector<HTMLElement>(`[data-board-column="${String(column)}"] [data-board-card="${ticketId}"]`)?.focus();
  });
}

/**
 * /board (issue 29): the active tickets the user's lists show, in a column per chosen label and
 * one for tickets without labels. Dragging a card (pointer or keyboard) to another column
 * replaces the first column's label with the second's (PUT /tickets/{id}/tags). Live.
 */
export function BoardPage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const viewer = useTicketListViewer();
  const queryClient = useQueryClient();
  const tags = useTags().data;
  const { chosen, toggle } = useChosenColumns(user?.id);
  const mayShowAll = can(user?.profile, "tickets-manager:showall");
  const [showAllPreference, setShowAllState] = useState(() => readPreference(storageKeys.showAllTickets) === "true");
  const showAll = mayShowAll && showAllPreference;
  const [announcement, setAnnouncement] = useState("");
  const instructionsId = useId();
  const columnName = useColumnName();
  useBoardLive(viewer);

  // A deleted label's column goes; the columns follow the labels' order (by name).
  const columnTags = useMemo(() => (tags ?? []).filter((tag) => chosen.includes(tag.id)), [tags, chosen]);
  const columns: BoardColumnId[] = [...columnTags.map((tag) => tag.id), "none"];
  const tagOf = (column: BoardColumnId): Tag | undefined => columnTags.find((tag) => tag.id === column);

  const move = async (ticket: Ticket, from: BoardColumnId, to: BoardColumnId) => {
    const names = { name: ticket.contact.name, column: columnName(tagOf(to)) };
    try {
      const { ticket: moved } = await setTicketTags(ticket.id, movedTagIds(ticket.tags, from, to));
      if (viewer) storeTicketInBoard(queryClient, moved, viewer);
      setAnnouncement(t("board.dnd.dropped", names));
      focusCard(ticket.id, to);
    } catch (error) {
      toastError(error);
      setAnnouncement(t("board.dnd.failed", names));
    }
  };

  const board = useBoardDrag({
    columns,
    onDrop: (ticket, from, to) => void move(ticket, from, to),
    announce: (event, ticket, column) => setAnnouncement(t(`board.dnd.${event}`, { name: ticket.contact.name, column: columnName(tagOf(column)) })),
  });

  return (
    <Page
      title={t("pages.board")}
      fill
      actions={
        <Box sx={{ display: "flex", gap: 1, alignItems: "center", flexWrap: "wrap" }}>
          {mayShowAll && (
            <FormControlLabel
              control={
                <Switch
                  checked={showAll}
                  onChange={(_, value) => {
                    setShowAllState(value);
                    writePreference(storageKeys.showAllTickets, String(value));
                  }}
                />
              }
              label={t("ticketList.showAll")}
            />
          )}
          <ColumnPicker tags={tags ?? []} chosen={chosen} onToggle={toggle} />
        </Box>
      }
    >
      <Typography id={instructionsId} sx={visuallyHidden}>
        {t("board.dnd.instructions")}
      </Typography>
      <Box role="status" aria-live="assertive" sx={visuallyHidden}>
        {announcement}
      </Box>
      {columnTags.length === 0 && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          {t("board.chooseColumns")}
        </Typography>
      )}
      <Box sx={{ flex: 1, minHeight: 0, display: "flex", gap: 1.5, overflowX: "auto", pb: 1, alignItems: "stretch" }}>
        {columns.map((column) => (
          <BoardColumn key={String(column)} filter={{ column, showAll }} tag={tagOf(column)} board={board} instructionsId={instructionsId} />
        ))}
      </Box>
      {board.drag?.mode === "pointer" &&
        createPortal(
          <Paper
            aria-hidden
            elevation={8}
            sx={{ position: "fixed", left: board.drag.x + 12, top: board.drag.y + 12, px: 1.5, py: 1, pointerEvents: "none", zIndex: "tooltip", maxWidth: 240 }}
          >
            <Typography noWrap sx={{ fontWeight: 600 }}>
              {board.drag.ticket.contact.name}
            </Typography>
          </Paper>,
          document.body,
        )}
    </Page>
  );
}
