import Box from "@mui/material/Box";
import Button from "@mui/material/Button";

interface ChoiceButtonsProps<T extends string> {
  label: string;
  value: T;
  choices: readonly { value: T; label: string }[];
  onChange: (value: T) => void;
}

/** A small either/or switch: pressed buttons side by side (MUI's ToggleButtonGroup would grow the shared bundle). */
export function ChoiceButtons<T extends string>({ label, value, choices, onChange }: ChoiceButtonsProps<T>) {
  return (
    <Box role="group" aria-label={label} sx={{ display: "flex", gap: 0.5 }}>
      {choices.map((choice) => (
        <Button
          key={choice.value}
          size="small"
          variant={choice.value === value ? "contained" : "outlined"}
          aria-pressed={choice.value === value}
          onClick={() => onChange(choice.value)}
          sx={{ py: 0.25, minWidth: 0 }}
        >
          {choice.label}
        </Button>
      ))}
    </Box>
  );
}
