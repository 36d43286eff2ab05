import SearchIcon from "@mui/icons-material/Search";
import InputAdornment from "@mui/material/InputAdornment";
import OutlinedInput from "@mui/material/OutlinedInput";

interface SearchFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Forces what is typed to lower case (the quick answers search, spec §2). */
  lowerCase?: boolean;
}

/**
 * The search box of a list page; the list debounces what it sends. A bare outlined input (a
 * TextField without its floating label looks the same): TextField brings the select, filled and
 * standard variants with it, which the lists' first load does without (docs/decisions/0043).
 */
export function SearchField({ label, value, onChange, lowerCase }: SearchFieldProps) {
  return (
    <OutlinedInput
      type="search"
      size="small"
      fullWidth
      placeholder={label}
      value={value}
      onChange={(event) => onChange(lowerCase ? event.target.value.toLowerCase() : event.target.value)}
      sx={{ flex: 1, minWidth: 0, maxWidth: { md: 320 } }}
      inputProps={{ "aria-label": label, ...(lowerCase && { autoCapitalize: "none" }) }}
      startAdornment={
        <InputAdornment position="start">
          <SearchIcon fontSize="small" aria-hidden />
        </InputAdornment>
      }
    />
  );
}
