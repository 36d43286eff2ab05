import BrightnessAutoIcon from "@mui/icons-material/BrightnessAuto";
import DarkModeIcon from "@mui/icons-material/DarkMode";
import LightModeIcon from "@mui/icons-material/LightMode";
import LogoutIcon from "@mui/icons-material/Logout";
import PersonIcon from "@mui/icons-material/Person";
import Box from "@mui/material/Box";
import Divider from "@mui/material/Divider";
import ListItemIcon from "@mui/material/ListItemIcon";
import Menu from "@mui/material/Menu";
import MenuItem from "@mui/material/MenuItem";
import ListSubheader from "@mui/material/ListSubheader";
import Typography from "@mui/material/Typography";
import { useTranslation } from "../../lib/i18n";
import { setThemeMode, useThemeMode, type ThemeMode } from "../theme-mode";

const themeModeIcons: Record<ThemeMode, typeof DarkModeIcon> = { system: BrightnessAutoIcon, light: LightModeIcon, dark: DarkModeIcon };

export interface AccountMenuItemsProps {
  user: { name: string; email: string };
  menuId: string;
  /** The account button while the menu is open, else null. */
  anchor: HTMLElement | null;
  onClose: () => void;
  onProfile: () => void;
  onLogout: () => void;
}

/**
 * The account menu itself (who is signed in, the colour scheme, profile, logout): downloaded when
 * first opened (docs/decisions/0043). The scheme is a choice of three (docs/decisions/0076).
 */
export function AccountMenuItems({ user, menuId, anchor, onClose, onProfile, onLogout }: AccountMenuItemsProps) {
  const { t } = useTranslation();
  const { mode } = useThemeMode();
  const items = [
    { key: "profile", Icon: PersonIcon, onClick: onProfile },
    { key: "logout", Icon: LogoutIcon, onClick: onLogout },
  ] as const;
  return (
    <Menu
      id={menuId}
      anchorEl={anchor}
      open={anchor !== null}
      onClose={onClose}
      anchorOrigin={{ vertical: "bottom", horizontal: "right" }}
      transformOrigin={{ vertical: "top", horizontal: "right" }}
    >
      <Box sx={{ px: 2, py: 1, maxWidth: 260 }}>
        <Typography variant="subtitle2" noWrap>
          {user.name}
        </Typography>
        <Typography variant="body2" color="text.secondary" noWrap>
          {user.email}
        </Typography>
      </Box>
      <Divider />
      <ListSubheader sx={{ lineHeight: 2.5, bgcolor: "transparent" }}>{t("appBar.theme.label")}</ListSubheader>
      {(Object.keys(themeModeIcons) as ThemeMode[]).map((option) => {
        const Icon = themeModeIcons[option];
        return (
          <MenuItem key={option} role="menuitemradio" aria-checked={mode === option} selected={mode === option} onClick={() => setThemeMode(option)}>
            <ListItemIcon>
              <Icon fontSize="small" />
            </ListItemIcon>
            {t(`appBar.theme.${option}`)}
          </MenuItem>
        );
      })}
      <Divider />
      {items.map(({ key, Icon, onClick }) => (
        <MenuItem key={key} onClick={onClick}>
          <ListItemIcon>
            <Icon fontSize="small" />
          </ListItemIcon>
          {t(`appBar.${key}`)}
        </MenuItem>
      ))}
    </Menu>
  );
}
