import Box from "@mui/material/Box";
import ButtonBase from "@mui/material/ButtonBase";
import Tab from "@mui/material/Tab";
import Tabs from "@mui/material/Tabs";
import Typography from "@mui/material/Typography";
import { useId, useState, type KeyboardEvent } from "react";
import { useTranslation } from "../../../lib/i18n";
import { readPreference, storageKeys, writePreference } from "../../../lib/local-storage";
import { emojiGroups, withRecent } from "../lib/emoji-sets";

const columns = 8;

function readRecent(): string[] {
  try {
    const stored: unknown = JSON.parse(readPreference(storageKeys.recentEmojis) ?? "[]");
    return Array.isArray(stored) ? stored.filter((item): item is string => typeof item === "string") : [];
  } catch {
    return [];
  }
}

/** Arrow keys move through the grid (8 a row), Home and End to its ends. */
function moveFocus(event: KeyboardEvent<HTMLElement>) {
  const buttons = [...event.currentTarget.querySelectorAll<HTMLButtonElement>("button")];
  const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
  if (at < 0) return;
  const step: Record<string, number> = { ArrowRight: 1, ArrowLeft: -1, ArrowDown: columns, ArrowUp: -columns };
  let next: number | null = null;
  if (event.key in step) next = Math.min(buttons.length - 1, Math.max(0, at + (step[event.key] ?? 0)));
  else if (event.key === "Home") next = 0;
  else if (event.key === "End") next = buttons.length - 1;
  if (next === null) return;
  event.preventDefault();
  buttons[next]?.focus();
}

/**
 * The composer's emoji grid (loaded on first open): the recently used ones, then a tab per group.
 * Picking one hands it to `onPick` and keeps the picker open for more.
 */
export default function EmojiPicker({ onPick }: { onPick(emoji: string): void }) {
  const { t } = useTranslation();
  const [recent, setRecent] = useState(readRecent);
  const [tab, setTab] = useState<string>(() => (recent.length > 0 ? "recent" : emojiGroups[0].id));
  const titleId = useId();
  const shown = tab === "recent" ? recent : (emojiGroups.find((group) => group.id === tab)?.emoji ?? []);

  const pick = (emoji: string) => {
    const next = withRecent(recent, emoji);
    setRecent(next);
    writePreference(storageKeys.recentEmojis, JSON.stringify(next));
    onPick(emoji);
  };

  return (
    <Box sx={{ width: 8 * 40 + 16 }}>
      <Tabs value={tab} onChange={(_, value: string) => setTab(value)} variant="scrollable" scrollButtons={false} aria-label={t("messages.emoji.groupsLabel")} sx={{ minHeight: 40, borderBottom: 1, borderColor: "divider" }}>
        {recent.length > 0 && <Tab value="recent" label="🕘" aria-label={t("messages.emoji.groups.recent")} sx={{ minWidth: 40, minHeight: 40, fontSize: 20, p: 0 }} />}
        {emojiGroups.map((group) => (
          <Tab key={group.id} value={group.id} label={group.emoji[0]} aria-label={t(`messages.emoji.groups.${group.id}`)} sx={{ minWidth: 40, minHeight: 40, fontSize: 20, p: 0 }} />
        ))}
      </Tabs>
      <Typography variant="caption" color="text.secondary" component="p" sx={{ px: 1, pt: 1 }} id={titleId}>
        {t(tab === "recent" ? "messages.emoji.groups.recent" : `messages.emoji.groups.${tab}`)}
      </Typography>
      <Box
        role="group"
        aria-labelledby={titleId}
        onKeyDown={moveFocus}
        sx={{ display: "grid", gridTemplateColumns: `repeat(${columns}, 40px)`, p: 1, maxHeight: 5 * 40 + 16, overflowY: "auto" }}
      >
        {shown.map((emoji) => (
          <ButtonBase
            key={emoji}
            onClick={() => pick(emoji)}
            aria-label={emoji}
            sx={{ width: 40, height: 40, fontSize: 24, borderRadius: 1, "&:hover, &.Mui-focusVisible": { bgcolor: "action.hover" } }}
          >
            {emoji}
          </ButtonBase>
        ))}
      </Box>
    </Box>
  );
}
