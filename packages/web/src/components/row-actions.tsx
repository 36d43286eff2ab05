import DeleteOutlineIcon from "@mui/icons-material/DeleteOutline";
import EditIcon from "@mui/icons-material/Edit";
import Box from "@mui/material/Box";
import IconButton from "@mui/material/IconButton";
import Tooltip from "@mui/material/Tooltip";
import type { ReactNode } from "react";

export interface RowActionsProps {
  /** Accessible names that say which record the button acts on ("Edit Ana"). */
  editLabel: string;
  deleteLabel: string;
  onEdit: () => void;
  /** Left out when the user may not delete. */
  onDelete?: () => void;
  /** Buttons of the row's own before edit (e.g. start a chat). */
  before?: ReactNode;
}

/** Edit and delete buttons at the end of a table row. */
export function RowActions({ editLabel, deleteLabel, onEdit, onDelete, before }: RowActionsProps) {
  return (
    <Box sx={{ display: "flex", justifyContent: "flex-end", gap: 0.5 }}>
      {before}
      <Tooltip title={editLabel}>
        <IconButton size="small" aria-label={editLabel} onClick={onEdit}>
          <EditIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      {onDelete && (
        <Tooltip title={deleteLabel}>
          <IconButton size="small" aria-label={deleteLabel} onClick={onDelete} sx={{ color: "error.main" }}>
            <DeleteOutlineIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
    </Box>
  );
}
