import type { Tag } from "@atendo/contracts";
import ViewColumnIcon from "@mui/icons-material/ViewColumn";
import Button from "@mui/material/Button";
import Checkbox from "@mui/material/Checkbox";
import ListItemIcon from "@mui/material/ListItemIcon";
import ListItemText from "@mui/material/ListItemText";
import Menu from "@mui/material/Menu";
import MenuItem from "@mui/material/MenuItem";
import { useState } from "react";
import { useTranslation } from "../../../../lib/i18n";
import { TagChip } from "../../../tags";

interface ColumnPickerProps {
  tags: readonly Tag[];
  chosen: readonly number[];
  onToggle: (tagId: number) => void;
}

/** "Columns": which labels the board shows as columns, ticked in a menu (remembered by the page). */
export function ColumnPicker({ tags, chosen, onToggle }: ColumnPickerProps) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <Button variant="outlined" startIcon={<ViewColumnIcon />} onClick={(event) => setAnchor(event.currentTarget)} aria-haspopup="menu" aria-expanded={anchor !== null}>
        {t("board.columns")}
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)} slotProps={{ list: { "aria-label": t("board.columns") } }}>
        {tags.length === 0 && <MenuItem disabled>{t("board.noLabels")}</MenuItem>}
        {tags.map((tag) => {
          const checked = chosen.includes(tag.id);
          return (
            <MenuItem key={tag.id} role="menuitemcheckbox" aria-checked={checked} onClick={() => onToggle(tag.id)}>
              <ListItemIcon>
                <Checkbox edge="start" size="small" checked={checked} tabIndex={-1} disableRipple slotProps={{ input: { "aria-hidden": true } }} />
              </ListItemIcon>
              <ListItemText>
                <TagChip tag={tag} />
              </ListItemText>
            </MenuItem>
          );
        })}
      </Menu>
    </>
  );
}
