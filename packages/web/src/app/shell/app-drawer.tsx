import { layout } from "@atendo/contracts";
import Drawer from "@mui/material/Drawer";
import type { CSSObject, Theme } from "@mui/material/styles";
import { DrawerNav } from "./drawer-nav";

const miniWidth = 64;

interface AppDrawerProps {
  id: string;
  /** Temporary (modal) below 600 px, permanent mini variant above. */
  temporary: boolean;
  open: boolean;
  onClose: () => void;
  onContactUs: () => void;
}

function widthTransition(theme: Theme, open: boolean): CSSObject {
  return {
    width: open ? layout.drawerWidth : miniWidth,
    transition: theme.transitions.create("width", {
      easing: theme.transitions.easing.sharp,
      duration: open ? theme.transitions.duration.enteringScreen : theme.transitions.duration.leavingScreen,
    }),
  };
}

export function AppDrawer({ id, temporary, open, onClose, onContactUs }: AppDrawerProps) {
  if (temporary) {
    return (
      <Drawer
        id={id}
        variant="temporary"
        open={open}
        onClose={onClose}
        ModalProps={{ keepMounted: true }}
        sx={{ "& .MuiDrawer-paper": { width: layout.drawerWidth } }}
      >
        <DrawerNav collapsed={false} onNavigate={onClose} onContactUs={onContactUs} />
      </Drawer>
    );
  }
  return (
    <Drawer
      id={id}
      variant="permanent"
      open={open}
      sx={(theme) => ({
        ...widthTransition(theme, open),
        flexShrink: 0,
        whiteSpace: "nowrap",
        "& .MuiDrawer-paper": { ...widthTransition(theme, open), position: "relative", overflowX: "hidden" },
      })}
    >
      <DrawerNav collapsed={!open} onContactUs={onContactUs} />
    </Drawer>
  );
}
