import type { QuickAnswer } from "@atendo/contracts";
import ListItemButton from "@mui/material/ListItemButton";
import ListItemText from "@mui/material/ListItemText";
import Paper from "@mui/material/Paper";
import { useTranslation } from "../../../lib/i18n";

interface QuickAnswerSuggestionsProps {
  id: string;
  options: readonly QuickAnswer[];
  activeIndex: number;
  onChoose(answer: QuickAnswer): void;
}

export const suggestionId = (listId: string, index: number) => `${listId}-${index}`;

/** The "/" suggestions above the input; the input keeps the focus (arrows move, Enter picks). */
export function QuickAnswerSuggestions({ id, options, activeIndex, onChoose }: QuickAnswerSuggestionsProps) {
  const { t } = useTranslation();
  return (
    <Paper
      id={id}
      role="listbox"
      aria-label={t("messages.composer.quickAnswers")}
      elevation={4}
      sx={{ position: "absolute", bottom: "100%", left: 8, right: 8, mb: 1, maxHeight: 280, overflow: "auto", zIndex: 2 }}
    >
      {options.map((answer, index) => (
        <ListItemButton
          key={answer.id}
          id={suggestionId(id, index)}
          role="option"
          aria-selected={index === activeIndex}
          selected={index === activeIndex}
          tabIndex={-1}
          // mousedown would move the focus out of the input before the click picks the answer.
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => onChoose(answer)}
        >
          <ListItemText
            primary={`/${answer.shortcut}`}
            secondary={answer.message}
            slotProps={{ primary: { sx: { fontWeight: 600 } }, secondary: { noWrap: true } }}
          />
        </ListItemButton>
      ))}
    </Paper>
  );
}
