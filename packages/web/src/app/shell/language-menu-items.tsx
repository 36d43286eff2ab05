import CheckIcon from "@mui/icons-material/Check";
import ListItemIcon from "@mui/material/ListItemIcon";
import ListItemText from "@mui/material/ListItemText";
import Menu from "@mui/material/Menu";
import MenuItem from "@mui/material/MenuItem";
import { currentLanguage, supportedLanguages, useTranslation } from "../../lib/i18n";

export interface LanguageMenuItemsProps {
  menuId: string;
  /** The language button while the menu is open, else null. */
  anchor: HTMLElement | null;
  onChoose: (language: string) => void;
  onClose: () => void;
}

/** The language menu itself: its own module, downloaded when first opened (docs/decisions/0043). */
export function LanguageMenuItems({ menuId, anchor, onChoose, onClose }: LanguageMenuItemsProps) {
  const { t } = useTranslation();
  const active = currentLanguage();
  return (
    <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={onClose}>
      {supportedLanguages.map((language) => (
        <MenuItem key={language} lang={language} selected={language === active} onClick={() => onChoose(language)}>
          <ListItemIcon>{language === active && <CheckIcon fontSize="small" />}</ListItemIcon>
          <ListItemText>{t(`language.names.${language}`)}</ListItemText>
        </MenuItem>
      ))}
    </Menu>
  );
}
