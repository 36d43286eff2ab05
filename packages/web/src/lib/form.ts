import { zodResolver } from "@hookform/resolvers/zod";
import type { Ref } from "react";
import {
  useForm,
  type ControllerRenderProps,
  type DefaultValues,
  type FieldPath,
  type FieldValues,
  type FormState,
  type UseFormGetFieldState,
  type UseFormRegisterReturn,
} from "react-hook-form";
import type { z } from "zod";

/** react-hook-form's `register` for MUI TextField: the ref must reach the <input>, not the root. */
export function textFieldProps<TName extends string>({ ref, ...rest }: UseFormRegisterReturn<TName>) {
  return { ...rest, inputRef: ref };
}

/** What a MUI select TextField takes from a react-hook-form Controller's field. */
export interface SelectFieldProps<TValue> {
  value: TValue;
  onChange: (...event: unknown[]) => void;
  onBlur: () => void;
  name: string;
  inputRef: Ref<HTMLInputElement>;
}

/** A Controller's `field` for a MUI select TextField: as {@link textFieldProps}, the ref must reach the input. */
export function selectFieldProps<TValue>({ ref, value, onChange, onBlur, name }: SelectFieldInput<TValue>): SelectFieldProps<TValue> {
  return { value, onChange, onBlur, name, inputRef: ref };
}

type SelectFieldInput<TValue> = Pick<ControllerRenderProps<FieldValues, string>, "onChange" | "onBlur" | "name" | "ref"> & { value: TValue };

/** What a form-bound picker that is not a text field (autocomplete, menu) takes: its value, change and blur. */
export interface FieldBinding<TValue> {
  value: TValue;
  onChange: (value: TValue) => void;
  onBlur?: () => void;
}

/** A Controller's `field` as a {@link FieldBinding}. */
export function fieldBinding<TValue>({ value, onChange, onBlur }: Pick<ControllerRenderProps<FieldValues, string>, "onChange" | "onBlur"> & { value: TValue }): FieldBinding<TValue> {
  return { value, onChange, onBlur };
}

/**
 * A react-hook-form form validated by a contract schema (design guide: forms from the contract):
 * fields are checked once touched, then on every change; the submit handler gets the schema's output.
 */
export function useContractForm<Input extends FieldValues, Output extends FieldValues>(schema: z.ZodType<Output, Input>, defaultValues: DefaultValues<Input>) {
  return useForm<Input, unknown, Output>({ resolver: zodResolver(schema), mode: "onTouched", defaultValues });
}

/**
 * Whether a field shows its error: once it was left or the form submitted, as the contract form's
 * rule says. A field array checks all its rows when one is added or removed, which would mark a new
 * row's untouched fields at once, and a change to an untouched field is not checked again: its
 * error stayed under it once filled, then went on leaving it and moved what was below (issue 28).
 */
export function showsError<T extends FieldValues>(form: { getFieldState: UseFormGetFieldState<T>; formState: FormState<T> }, name: FieldPath<T>): boolean {
  const { invalid, isTouched } = form.getFieldState(name, form.formState);
  return invalid && (isTouched || form.formState.isSubmitted);
}
