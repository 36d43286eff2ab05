import MenuIcon from "@mui/icons-material/Menu";
import MenuOpenIcon from "@mui/icons-material/MenuOpen";
import AppBar from "@mui/material/AppBar";
import Box from "@mui/material/Box";
import IconButton from "@mui/material/IconButton";
import Toolbar from "@mui/material/Toolbar";
import Typography from "@mui/material/Typography";
import { useTranslation } from "../../lib/i18n";
import { defaultLogoUrl, usePublicConfig } from "../../lib/public-config";
import { MentionsButton } from "../../features/mentions";
import { AccountMenu } from "./account-menu";
import { LanguageMenu } from "./language-menu";
import { PresenceMenu } from "./presence-menu";

interface AppTopBarProps {
  menuOpen: boolean;
  drawerId: string;
  onToggleMenu: () => void;
}

export function AppTopBar({ menuOpen, drawerId, onToggleMenu }: AppTopBarProps) {
  const { t } = useTranslation();
  const { config } = usePublicConfig();
  return (
    <AppBar position="static" color="primary">
      <Toolbar sx={{ gap: 1, px: { xs: 1, sm: 2 } }}>
        <IconButton
          color="inherit"
          edge="start"
          aria-label={menuOpen ? t("appBar.closeMenu") : t("appBar.openMenu")}
          aria-expanded={menuOpen}
          aria-controls={drawerId}
          onClick={onToggleMenu}
        >
          {menuOpen ? <MenuOpenIcon /> : <MenuIcon />}
        </IconButton>
        <Box
          component="img"
          src={config.appLogoUrl || defaultLogoUrl}
          alt=""
          sx={{ height: 32, width: 32, objectFit: "contain", borderRadius: 1, bgcolor: "common.white" }}
        />
        <Typography variant="h6" component="div" noWrap sx={{ flex: 1, minWidth: 0, fontWeight: 600 }}>
          {config.appTitle}
        </Typography>
        <PresenceMenu />
        <MentionsButton />
        <LanguageMenu />
        <AccountMenu />
      </Toolbar>
    </AppBar>
  );
}
