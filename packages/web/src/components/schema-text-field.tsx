import type { FieldPath, FieldValues } from "react-hook-form";
import { FormTextField, type FormTextFieldProps } from "./form-text-field";

/** A contract string schema's length rule (`z.string().min(1).max(500)`). */
export interface StringRule {
  minLength: number | null;
  maxLength: number | null;
}

export interface SchemaTextFieldProps<T extends FieldValues> extends Omit<FormTextFieldProps<T>, "required" | "multiline" | "minRows" | "maxRows" | "helperText" | "slotProps"> {
  name: FieldPath<T>;
  /** The field's contract schema: a minimum length makes it required, its maximum caps typing. */
  rule: StringRule;
  /** The hint under the field (`errorText` replaces it while the value is invalid). */
  hint?: string;
  /** Several lines, growing from the first number of rows to the second. */
  lines?: readonly [number, number];
}

/**
 * A form text field whose rules come from the contract: required when its schema has a minimum
 * length, typing capped at its maximum (queue greeting, announcement text, farewell…).
 */
export function SchemaTextField<T extends FieldValues>({ rule, hint, lines, ...props }: SchemaTextFieldProps<T>) {
  return (
    <FormTextField
      {...props}
      required={(rule.minLength ?? 0) > 0}
      helperText={hint}
      {...(lines && { multiline: true, minRows: lines[0], maxRows: lines[1] })}
      slotProps={{ htmlInput: { maxLength: rule.maxLength ?? undefined } }}
    />
  );
}
