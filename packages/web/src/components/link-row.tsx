import ListItemButton from "@mui/material/ListItemButton";
import type { SxProps, Theme } from "@mui/material/styles";
import type { ReactNode } from "react";
import { Link as RouterLink } from "react-router";

/** A list row that opens a page (a ticket, a chat): a link, focusable and opened with Enter, marked current while open. */
export function LinkRow({ to, selected, sx, children }: { to: string; selected: boolean; sx?: SxProps<Theme>; children: ReactNode }) {
  return (
    <ListItemButton component={RouterLink} to={to} selected={selected} aria-current={selected ? "page" : undefined} sx={sx}>
      {children}
    </ListItemButton>
  );
}
