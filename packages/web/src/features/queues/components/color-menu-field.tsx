import { queueColorPresets } from "@atendo/contracts";
import ArrowDropDownIcon from "@mui/icons-material/ArrowDropDown";
import BlockIcon from "@mui/icons-material/Block";
import CheckIcon from "@mui/icons-material/Check";
import Button from "@mui/material/Button";
import FormControl from "@mui/material/FormControl";
import FormHelperText from "@mui/material/FormHelperText";
import FormLabel from "@mui/material/FormLabel";
import Menu from "@mui/material/Menu";
import MenuItem from "@mui/material/MenuItem";
import { useId, useState, type KeyboardEvent, type Ref } from "react";
import { useTranslation } from "../../../lib/i18n";
import { readableTextOn } from "../../../lib/contrast";
import { ColorSwatch } from "./color-swatch";

const columns = 6;
const steps: Record<string, number> = { ArrowRight: 1, ArrowLeft: -1, ArrowDown: columns, ArrowUp: -columns };

/** Arrow keys move through the swatches as a grid (MUI's menu only knows up and down). */
function moveInGrid(event: KeyboardEvent<HTMLElement>): void {
  const step = steps[event.key];
  if (!step) return;
  const items = [...event.currentTarget.querySelectorAll<HTMLElement>('[role="menuitemradio"]')];
  let index = items.indexOf(document.activeElement as HTMLElement);
  if (index === -1) return;
  event.preventDefault();
  event.stopPropagation();
  for (index += step; index >= 0 && index < items.length; index += step) {
    const item = items[index];
    if (item && item.getAttribute("aria-disabled") !== "true") {
      item.focus();
      return;
    }
  }
}

interface ColorMenuFieldProps {
  value: string;
  onChange: (color: string) => void;
  onBlur?: () => void;
  /** Colours other queues already use, with the queue's name: chosen elsewhere, so not offered. */
  takenBy: ReadonlyMap<string, string>;
  error?: boolean;
  buttonRef?: Ref<HTMLButtonElement>;
}

/** The queue colour: a menu of the 18 presets (spec §9), each named by its upper-case hex. */
export function ColorMenuField({ value, onChange, onBlur, takenBy, error, buttonRef }: ColorMenuFieldProps) {
  const { t } = useTranslation();
  const labelId = useId();
  const buttonId = useId();
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const hex = value.toUpperCase();

  function choose(color: string): void {
    onChange(color);
    setAnchor(null);
  }

  return (
    <FormControl error={error} required>
      <FormLabel id={labelId} sx={{ mb: 0.5, fontSize: "0.875rem" }}>
        {t("queues.color")}
      </FormLabel>
      <Button
        id={buttonId}
        ref={buttonRef}
        variant="outlined"
        color={error ? "error" : "inherit"}
        aria-labelledby={`${labelId} ${buttonId}`}
        aria-haspopup="menu"
        aria-expanded={anchor ? "true" : undefined}
        aria-controls={anchor ? menuId : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
        onBlur={onBlur}
        startIcon={hex ? <ColorSwatch color={hex} size={22} /> : undefined}
        endIcon={<ArrowDropDownIcon />}
        sx={{ alignSelf: "flex-start", minWidth: 180, justifyContent: "flex-start", fontFamily: "monospace", borderColor: "divider" }}
      >
        <span style={{ flex: 1, textAlign: "left" }}>{hex || t("queues.chooseColor")}</span>
      </Button>
      {error && <FormHelperText>{t("queues.colorRequired")}</FormHelperText>}
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={() => setAnchor(null)}
        slotProps={{
          list: {
            "aria-label": t("queues.colorMenu"),
            onKeyDownCapture: moveInGrid,
            sx: { display: "grid", gridTemplateColumns: `repeat(${columns}, 44px)`, gap: 1, p: 1.5 },
          },
        }}
      >
        {queueColorPresets.map((color) => {
          const owner = color === hex ? undefined : takenBy.get(color);
          const selected = color === hex;
          return (
            <MenuItem
              key={color}
              role="menuitemradio"
              aria-checked={selected}
              aria-label={owner ? t("queues.colorTaken", { color, name: owner }) : color}
              title={owner ? t("queues.colorTaken", { color, name: owner }) : color}
              selected={selected}
              disabled={Boolean(owner)}
              onClick={() => choose(color)}
              sx={{
                width: 44,
                height: 44,
                minHeight: 44,
                p: 0,
                borderRadius: 1,
                justifyContent: "center",
                bgcolor: `${color} !important`,
                color: readableTextOn(color),
                // A used colour keeps its hue (so it is recognisable) and is crossed out.
                "&.Mui-disabled": { opacity: 1 },
              }}
            >
              {selected && <CheckIcon fontSize="small" />}
              {owner && <BlockIcon fontSize="small" sx={{ opacity: 0.8 }} />}
            </MenuItem>
          );
        })}
      </Menu>
    </FormControl>
  );
}
