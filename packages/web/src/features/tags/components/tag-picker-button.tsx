import type { Tag } from "@atendo/contracts";
import LocalOfferOutlined from "@mui/icons-material/LocalOfferOutlined";
import IconButton from "@mui/material/IconButton";
import { useState } from "react";
import { lazyDialog } from "../../../components/lazy-dialog";
import { Tooltip } from "../../../components/tooltip";

// The picker (MUI's Autocomplete) downloads when first opened, not with the list or the ticket.
const TagPickerDialog = lazyDialog(
  () => import("./tag-picker-dialog").then((module) => module.TagPickerDialog),
  (props) => props.open,
);

interface TagPickerButtonProps {
  /** The button's name and the dialog's heading ("Labels of Ana"). */
  label: string;
  value: readonly Tag[];
  onSave: (tagIds: number[]) => Promise<unknown>;
  size?: "small" | "medium";
}

/** A tag icon that opens the tag picker for one ticket or contact. */
export function TagPickerButton({ label, value, onSave, size = "small" }: TagPickerButtonProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Tooltip title={label}>
        <IconButton size={size} aria-label={label} onClick={() => setOpen(true)}>
          <LocalOfferOutlined fontSize="small" />
        </IconButton>
      </Tooltip>
      <TagPickerDialog open={open} title={label} value={value} onSave={onSave} onClose={() => setOpen(false)} />
    </>
  );
}
