import SearchIcon from "@mui/icons-material/Search";
import InputAdornment from "@mui/material/InputAdornment";
import TextField from "@mui/material/TextField";

interface SearchFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Forces what is typed to lower case (the quick answers search, spec §2). */
  lowerCase?: boolean;
}

/** The search box of a list page; the list debounces what it sends. */
export function SearchField({ label, value, onChange, lowerCase }: SearchFieldProps) {
  return (
    <TextField
      type="search"
      size="small"
      placeholder={label}
      value={value}
      onChange={(event) => onChange(lowerCase ? event.target.value.toLowerCase() : event.target.value)}
      sx={{ flex: 1, minWidth: 0, maxWidth: { md: 320 } }}
      slotProps={{
        htmlInput: { "aria-label": label, ...(lowerCase && { autoCapitalize: "none" }) },
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchIcon fontSize="small" aria-hidden />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
