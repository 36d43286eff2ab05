import TextField, { type TextFieldProps } from "@mui/material/TextField";
import { useController, type Control, type FieldPath, type FieldPathValue, type FieldValues } from "react-hook-form";

export interface FormSelectFieldProps<T extends FieldValues, N extends FieldPath<T>, TOut = T>
  extends Omit<TextFieldProps, "name" | "select" | "value" | "onChange" | "onBlur" | "inputRef" | "defaultValue"> {
  /** The form's control (whatever its schema's output type). */
  control: Control<T, unknown, TOut>;
  name: N;
  /** The form value as the select shows it (default: as is); `""` is the empty choice. */
  format?: (value: FieldPathValue<T, N>) => unknown;
  /** The chosen option's value back into the form's type (default: as is). */
  parse?: (value: unknown) => FieldPathValue<T, N>;
  /** After the form value changed, e.g. to clear a field that depends on this one. */
  onChanged?: (value: FieldPathValue<T, N>) => void;
  /** Whether react-hook-form may focus the field when it is invalid (default true). */
  focusable?: boolean;
}

/** A react-hook-form select (MUI `TextField select`, controlled), its options as children. */
export function FormSelectField<T extends FieldValues, N extends FieldPath<T>, TOut = T>({
  control,
  name,
  format,
  parse,
  onChanged,
  focusable = true,
  ...props
}: FormSelectFieldProps<T, N, TOut>) {
  const { field } = useController({ control, name });
  return (
    <TextField
      {...props}
      select
      value={format ? format(field.value) : field.value}
      onChange={(event) => {
        const value = parse ? parse(event.target.value) : (event.target.value as FieldPathValue<T, N>);
        field.onChange(value);
        onChanged?.(value);
      }}
      onBlur={field.onBlur}
      inputRef={focusable ? field.ref : undefined}
    />
  );
}
