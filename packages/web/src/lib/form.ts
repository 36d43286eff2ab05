import type { UseFormRegisterReturn } from "react-hook-form";

/** react-hook-form's `register` for MUI TextField: the ref must reach the <input>, not the root. */
export function textFieldProps<TName extends string>({ ref, ...rest }: UseFormRegisterReturn<TName>) {
  return { ...rest, inputRef: ref };
}
