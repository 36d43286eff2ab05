import Checkbox from "@mui/material/Checkbox";
import FormControlLabel from "@mui/material/FormControlLabel";
import FormHelperText from "@mui/material/FormHelperText";
import Switch from "@mui/material/Switch";
import { Controller, type Control, type FieldPath, type FieldValues } from "react-hook-form";

interface FormSwitchFieldProps<T extends FieldValues, TOut> {
  control: Control<T, unknown, TOut>;
  /** A boolean field of the form. */
  name: FieldPath<T>;
  label: string;
  /** Under the control (a checkbox's, e.g. what the menu's direct dial does). */
  hint?: string;
  as?: "switch" | "checkbox";
}

/** A react-hook-form yes/no as a labelled switch or checkbox (connection switches, a menu's direct dial). */
export function FormSwitchField<T extends FieldValues, TOut>({ control, name, label, hint, as = "switch" }: FormSwitchFieldProps<T, TOut>) {
  const Toggle = as === "switch" ? Switch : Checkbox;
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => {
        const labelled = (
          <FormControlLabel
            control={<Toggle checked={Boolean(field.value)} onChange={(event) => field.onChange(event.target.checked)} onBlur={field.onBlur} inputRef={field.ref} />}
            label={label}
          />
        );
        return hint ? (
          <div>
            {labelled}
            <FormHelperText sx={{ mt: 0 }}>{hint}</FormHelperText>
          </div>
        ) : (
          labelled
        );
      }}
    />
  );
}
