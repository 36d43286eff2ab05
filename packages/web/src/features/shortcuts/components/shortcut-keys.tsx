import Box from "@mui/material/Box";
import { Fragment } from "react";
import { useTranslation } from "../../../lib/i18n";

/** Apple keyboards write "Mod" as ⌘; everywhere else it is Ctrl. */
const onMac = typeof navigator !== "undefined" && /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);

function keyName(key: string): string {
  if (key === "Mod") return onMac ? "⌘" : "Ctrl";
  if (key === "Alt" && onMac) return "⌥";
  return key;
}

/** A shortcut's keys as the keyboard shows them: one <kbd> per key, alternatives after "or". */
export function ShortcutKeys({ keys }: { keys: readonly (readonly string[])[] }) {
  const { t } = useTranslation();
  return (
    <Box component="span" sx={{ display: "inline-flex", alignItems: "center", gap: 0.5, flexWrap: "wrap" }}>
      {keys.map((chord, index) => (
        <Fragment key={chord.join("+")}>
          {index > 0 && (
            <Box component="span" sx={{ color: "text.secondary", fontSize: "0.8rem", mx: 0.5 }}>
              {t("shortcuts.or")}
            </Box>
          )}
          {chord.map((key) => (
            <Box
              key={key}
              component="kbd"
              sx={{
                fontFamily: "inherit",
                fontSize: "0.8rem",
                fontWeight: 600,
                minWidth: 24,
                px: 0.75,
                py: 0.25,
                textAlign: "center",
                border: 1,
                borderColor: "divider",
                borderBottomWidth: 2,
                borderRadius: 1,
                bgcolor: "action.hover",
                color: "text.primary",
              }}
            >
              {keyName(key)}
            </Box>
          ))}
        </Fragment>
      ))}
    </Box>
  );
}
