import CheckIcon from "@mui/icons-material/Check";
import TranslateIcon from "@mui/icons-material/Translate";
import Button from "@mui/material/Button";
import ListItemIcon from "@mui/material/ListItemIcon";
import ListItemText from "@mui/material/ListItemText";
import Menu from "@mui/material/Menu";
import MenuItem from "@mui/material/MenuItem";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { currentLanguage, supportedLanguages } from "../../lib/i18n";

/** en / pt / es; the choice is remembered by the language detector (localStorage "i18nextLng"). */
export function LanguageMenu() {
  const { t, i18n } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const active = currentLanguage();

  function choose(language: string): void {
    setAnchor(null);
    void i18n.changeLanguage(language);
  }

  return (
    <>
      <Button
        color="inherit"
        startIcon={<TranslateIcon />}
        // The name holds the code shown ("Language: EN"): what is seen is what a voice user says.
        aria-label={t("language.current", { language: active.toUpperCase() })}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? true : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{ minWidth: 0, px: 1 }}
      >
        {active.toUpperCase()}
      </Button>
      <Menu id={menuId} anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {supportedLanguages.map((language) => (
          <MenuItem key={language} lang={language} selected={language === active} onClick={() => choose(language)}>
            <ListItemIcon>{language === active && <CheckIcon fontSize="small" />}</ListItemIcon>
            <ListItemText>{t(`language.names.${language}`)}</ListItemText>
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
