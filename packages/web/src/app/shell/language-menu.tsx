import TranslateIcon from "@mui/icons-material/Translate";
import Button from "@mui/material/Button";
import { useId, useState } from "react";
import { lazyDialog } from "../../components/lazy-dialog";
import { currentLanguage, useTranslation } from "../../lib/i18n";
import { rememberLanguage } from "../../lib/language-detector";

// The menu (MUI's Menu, Popover and MenuItem) downloads when first opened, not with the shell.
const LanguageMenuItems = lazyDialog(
  () => import("./language-menu-items").then((module) => module.LanguageMenuItems),
  (props) => props.anchor !== null,
);

/** en / pt / es; the choice is remembered on this device (lib/language-detector.ts). */
export function LanguageMenu() {
  const { t, i18n } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const active = currentLanguage();

  function choose(language: string): void {
    setAnchor(null);
    // Remembered at once, not once its texts have downloaded: a page left or reloaded right after
    // the choice opens in the chosen language.
    rememberLanguage(language);
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
      <LanguageMenuItems menuId={menuId} anchor={anchor} onChoose={choose} onClose={() => setAnchor(null)} />
    </>
  );
}
