import AddIcon from "@mui/icons-material/Add";
import Button from "@mui/material/Button";
import { useTheme } from "@mui/material/styles";
import Tooltip from "@mui/material/Tooltip";
import useMediaQuery from "@mui/material/useMediaQuery";
import type { ReactNode } from "react";
import { Link as RouterLink } from "react-router";

type AddButtonProps = {
  label: string;
  icon?: ReactNode;
  /** Keeps the text on narrow screens too (a page without a search box has the room). */
  alwaysLabelled?: boolean;
} & ({ to: string; onClick?: never } | { onClick: () => void; to?: never });

/**
 * The "add" button of a list page. Narrow screens show only its icon (named by `label`), so the
 * search box beside it keeps room for its text.
 */
export function AddButton({ label, icon = <AddIcon />, alwaysLabelled, to, onClick }: AddButtonProps) {
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down("md"));
  const link = to === undefined ? { onClick } : { component: RouterLink, to };
  if (!narrow || alwaysLabelled) {
    return (
      <Button variant="contained" startIcon={icon} sx={{ flexShrink: 0 }} {...link}>
        {label}
      </Button>
    );
  }
  return (
    <Tooltip title={label}>
      <Button variant="contained" aria-label={label} sx={{ minWidth: 44, px: 1.25, flexShrink: 0 }} {...link}>
        {icon}
      </Button>
    </Tooltip>
  );
}
